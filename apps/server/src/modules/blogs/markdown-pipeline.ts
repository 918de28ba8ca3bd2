import rehypeShikiFromHighlighter from "@shikijs/rehype/core";
import type { Element, Root } from "hast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { createHighlighterCore, type HighlighterCore } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { bundledLanguages } from "shiki/langs";
import { bundledThemes } from "shiki/themes";
import { unified } from "unified";
import { visit } from "unist-util-visit";

// The pipeline behind markdown.ts's renderMarkdown, imported on first use (see there).

/** An image known to the blog: its srcset and size, by the URL written in the markdown. */
export type KnownImage = { src: string; srcset: string; width: number; height: number };

const LANGUAGES = [
  "typescript",
  "javascript",
  "tsx",
  "jsx",
  "json",
  "html",
  "css",
  "bash",
  "shellscript",
  "python",
  "sql",
  "yaml",
  "markdown",
  "diff",
  "go",
  "rust",
  "java",
  "c",
  "cpp",
] as const;

let highlighter: Promise<HighlighterCore> | undefined;

/** One highlighter for the process: the JavaScript regex engine (no WebAssembly), a fixed set of languages. */
function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [bundledThemes["github-light"], bundledThemes["github-dark"]],
    langs: LANGUAGES.map((lang) => bundledLanguages[lang]),
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

const schema = {
  ...defaultSchema,
  // Ids are prefixed once, by remark-rehype, which writes the footnotes' links to match (`user-content-fn-1`);
  // a second prefix here broke every footnote link. With raw HTML off, footnotes are the only ids written
  // from the author's text (headings get none), so nothing an author writes can clobber the page's globals.
  clobberPrefix: "",
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"] },
};

/** Keeps only our own images (the page's CSP allows no other), with srcset, size and lazy loading; links get rel. */
function rehypeBlogMedia(images: Map<string, KnownImage>) {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName === "img") {
        const src = String(node.properties.src ?? "");
        const known = images.get(src) ?? images.get(src.split("?")[0] ?? "");
        if (!known || !parent || index === undefined) {
          if (parent && index !== undefined) {
            const alt = String(node.properties.alt ?? "");
            parent.children.splice(index, 1, { type: "text", value: alt ? `[image: ${alt}]` : "" });
          }
          return;
        }
        node.properties = {
          src: known.src,
          srcSet: known.srcset,
          sizes: "(max-width: 760px) 100vw, 760px",
          width: known.width,
          height: known.height,
          alt: node.properties.alt ?? "",
          loading: "lazy",
          decoding: "async",
        };
      } else if (node.tagName === "a") {
        const href = String(node.properties.href ?? "");
        if (/^https?:/i.test(href)) node.properties.rel = ["nofollow", "ugc", "noopener", "noreferrer"];
      }
    });
  };
}

/** Renders a blog's markdown to sanitised, highlighted HTML. */
export async function renderWithPipeline(markdown: string, images: Map<string, KnownImage>): Promise<string> {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(rehypeBlogMedia, images)
    .use(rehypeShikiFromHighlighter, await getHighlighter(), {
      themes: { light: "github-light", dark: "github-dark" },
      // Both themes as CSS variables (--shiki-light / --shiki-dark); the page's CSS picks one per colour mode.
      defaultColor: false,
      fallbackLanguage: "text",
      defaultLanguage: "text",
      addLanguageClass: true,
    })
    .use(rehypeStringify);
  return String(await processor.process(markdown));
}
