import DOMPurify from "dompurify";
import { Marked, type Tokens } from "marked";

/** Returns highlighted HTML for code in a highlight.js language, or null when it can not. */
export type Highlighter = (code: string, language: string) => string | null;

// Fence names authors use, mapped to the highlight.js language that renders them.
const LANGUAGES: Record<string, string> = {
  html: "xml",
  xml: "xml",
  svg: "xml",
  js: "javascript",
  javascript: "javascript",
  mjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  typescript: "typescript",
  tsx: "typescript",
  css: "css",
  bash: "bash",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  yaml: "yaml",
  yml: "yaml",
  json: "json",
  markdown: "markdown",
  md: "markdown",
  python: "python",
  py: "python",
};

/** The highlight.js language for a fence's info string, or null when none applies. */
export function highlightLanguage(info: string | undefined): string | null {
  const name = (info ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return LANGUAGES[name] ?? null;
}

/** Every highlight.js language the fenced code blocks of a document need. */
export function fenceLanguages(markdown: string): string[] {
  const found = new Set<string>();
  const marked = new Marked();
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === "code") {
      const language = highlightLanguage((token as Tokens.Code).lang);
      if (language) found.add(language);
    }
  });
  return [...found];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// A private DOMPurify instance so the link hook below does not leak into other sanitising.
let purifier: ReturnType<typeof DOMPurify> | null = null;
function getPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "A") return;
    const href = node.getAttribute("href") ?? "";
    if (/^https?:\/\//i.test(href)) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    } else {
      node.removeAttribute("target");
    }
  });
  return purifier;
}

/**
 * Lesson markdown to (unsanitised) HTML. Code fences get `hljs language-…` classes and a `data-lang`
 * label; with a highlighter their content is coloured, otherwise it is escaped text.
 */
export function markdownToHtml(markdown: string, highlight?: Highlighter): string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      code({ text, lang }: Tokens.Code) {
        const label = (lang ?? "").trim().split(/\s+/)[0] ?? "";
        const language = highlightLanguage(lang);
        const coloured = language && highlight ? highlight(text, language) : null;
        const languageClass = language ? ` language-${language}` : "";
        const dataLang = label ? ` data-lang="${escapeHtml(label)}"` : "";
        // Focusable: a long line scrolls the block sideways, and keyboard users must be able to scroll it too.
        return `<pre tabindex="0"${dataLang}><code class="hljs${languageClass}">${coloured ?? escapeHtml(text)}</code></pre>\n`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

/** What lesson HTML may contain: no scripts, frames, forms, inline styles or handlers; external links open a new tab. */
export function sanitizeLessonHtml(html: string): string {
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
    ADD_ATTR: ["target"],
  });
}

/** Lesson markdown to sanitised HTML, ready for innerHTML. */
export function renderMarkdown(markdown: string, highlight?: Highlighter): string {
  return sanitizeLessonHtml(markdownToHtml(markdown, highlight));
}
