import type { Element, ElementContent, Root as HastRoot } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Root as MdastRoot } from "mdast";
import remarkRehype from "remark-rehype";
import { type Processor, unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import { hasGrammar, highlightCode, loadGrammars } from "./highlight.ts";
import { addHeadingIds } from "./headings.ts";
import { type Grammar, grammarOf } from "./languages.ts";
import { parseMarkdown } from "./parse.ts";
import { sanitizeTree } from "./sanitize.ts";

// THE markdown pipeline (docs/decisions/025): lessons, projects, blogs, tutor answers and the blog editor's preview
// all come out of it, on the server (blogs) or lazily imported in the browser (everything else).
//   parse.ts (CommonMark + GFM) → heading ids when asked (headings.ts; lessons) → remark-rehype (raw HTML dropped,
//   never passed through) → sanitize.ts (one schema; link rules) → images → code blocks (label, focus, highlight.js
//   classes via lowlight) → HTML.
// Highlighting comes after sanitising: its output is ours, the author's is not.

export { loadGrammars } from "./highlight.ts";
export type { Grammar } from "./languages.ts";

/** An image known to a blog: its srcset and size, by the URL written in the markdown. */
export type KnownImage = { src: string; srcset: string; width: number; height: number };

export type RenderOptions = {
  /**
   * Only these images are kept (a blog's own uploads, which the page's CSP allows), with srcset, size and lazy
   * loading; any other becomes its alt text. Without it every image the sanitiser allows is kept.
   */
  images?: ReadonlyMap<string, KnownImage>;
  /** Text written by users (blogs): links to the web also get rel="nofollow ugc". */
  ugc?: boolean;
  /** Headings get ids (`## Moving around` → `id="moving-around"`, headings.ts): lessons, which the tutor links into. */
  headingIds?: boolean;
};

// A fence name shown as the block's label; anything else (`"><script>`) is no label.
const LABEL = /^[\w#+.-]{1,32}$/;

function markdownParser(this: Processor) {
  this.parser = (document: string) => parseMarkdown(document);
}

function htmlCompiler(this: Processor) {
  this.compiler = (tree) => toHtml(tree as HastRoot, { characterReferences: { useNamedReferences: true } });
}

function remarkHeadingIds() {
  return (tree: MdastRoot) => addHeadingIds(tree);
}

function rehypeSanitize(options: RenderOptions) {
  return (tree: HastRoot) => sanitizeTree(tree, { source: "markdown", ugc: options.ugc });
}

const textOf = (nodes: ElementContent[]): string =>
  nodes.map((n) => (n.type === "text" ? n.value : n.type === "element" ? textOf(n.children) : "")).join("");

/** Images: lazily loaded; with `images`, only known ones (srcset, sizes, width, height), the rest their alt text. */
function rehypeImages(options: RenderOptions) {
  const { images } = options;
  return (tree: HastRoot) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "img" || !parent || index === undefined) return;
      const src = typeof node.properties.src === "string" ? node.properties.src : "";
      const alt = typeof node.properties.alt === "string" ? node.properties.alt : "";
      const known = images ? (images.get(src) ?? images.get(src.split("?")[0] ?? "")) : undefined;
      if (!src || (images && !known)) {
        parent.children.splice(index, 1, { type: "text", value: alt ? `[image: ${alt}]` : "" });
        return index;
      }
      node.properties = known
        ? {
            src: known.src,
            srcSet: known.srcset,
            sizes: "(max-width: 760px) 100vw, 760px",
            width: known.width,
            height: known.height,
            alt,
            loading: "lazy",
            decoding: "async",
          }
        : { ...node.properties, alt, loading: "lazy", decoding: "async" };
    });
  };
}

/**
 * Code blocks: `<pre tabindex="0" data-lang="ts"><code class="hljs language-typescript">` — focusable (a long line
 * scrolls sideways, and keyboard users must be able to scroll it too), labelled with the fence name, coloured when
 * the fence names a known language whose grammar is loaded, plain escaped text otherwise.
 */
function rehypeCode() {
  return (tree: HastRoot) => {
    visit(tree, "element", (pre: Element) => {
      if (pre.tagName !== "pre") return;
      const code = pre.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
      if (!code) return SKIP;
      const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
      const fence = classes.find((c) => c.startsWith("language-"))?.slice("language-".length);
      const grammar = grammarOf(fence);
      pre.properties = fence && LABEL.test(fence) ? { tabIndex: 0, dataLang: fence } : { tabIndex: 0 };
      code.properties = { className: grammar ? ["hljs", `language-${grammar}`] : ["hljs"] };
      const text = textOf(code.children).replace(/\n$/, "");
      code.children = (grammar && highlightCode(grammar, text)) || [{ type: "text", value: text }];
      return SKIP;
    });
  };
}

function createProcessor(options: RenderOptions) {
  return unified()
    .use(markdownParser)
    .use(options.headingIds ? [remarkHeadingIds] : [])
    .use(remarkRehype)
    .use(rehypeSanitize, options)
    .use(rehypeImages, options)
    .use(rehypeCode)
    .use(htmlCompiler)
    .freeze();
}

const plain = createProcessor({});
const withHeadingIds = createProcessor({ headingIds: true });
const processorFor = (options: RenderOptions) =>
  options.images || options.ugc ? createProcessor(options) : options.headingIds ? withHeadingIds : plain;

/** The grammars a document's code blocks need. */
function grammarsIn(tree: MdastRoot): Grammar[] {
  const found = new Set<Grammar>();
  visit(tree, "code", (node) => {
    const grammar = grammarOf(node.lang);
    if (grammar) found.add(grammar);
  });
  return [...found];
}

/**
 * Markdown → sanitised HTML at once, coloured with the grammars already loaded; `missing` are the ones its code
 * blocks still need (load them with loadGrammars and render again). For text that changes often: tutor answers.
 */
export function renderMarkdownNow(markdown: string, options: RenderOptions = {}): { html: string; missing: Grammar[] } {
  const processor = processorFor(options);
  const tree = processor.parse(markdown) as MdastRoot;
  const missing = grammarsIn(tree).filter((grammar) => !hasGrammar(grammar));
  return { html: String(processor.stringify(processor.runSync(tree))), missing };
}

/** Markdown → sanitised HTML with every code block coloured (its grammars loaded first). */
export async function renderMarkdown(markdown: string, options: RenderOptions = {}): Promise<string> {
  const processor = processorFor(options);
  const tree = processor.parse(markdown) as MdastRoot;
  await loadGrammars(grammarsIn(tree));
  return String(processor.stringify(processor.runSync(tree)));
}
