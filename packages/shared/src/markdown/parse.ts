import type { Definition, Image, Link, Root } from "mdast";
import { type CompileContext, fromMarkdown, type Token } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

export type { Nodes, Root } from "mdast";

// The one markdown parser (CommonMark + GFM: tables, task lists, strike-through, footnotes, autolinks), shared by
// the HTML pipeline (pipeline.ts), the inline renderer (inline.ts) and the content checker. Raw HTML comes out as
// `html` nodes, which every renderer drops.

const micromarkExtensions = [gfm()];
const mdastExtensions = [gfmFromMarkdown()];

/** Markdown → mdast (syntax tree with source positions). */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: micromarkExtensions, mdastExtensions });
}

/** Offsets into the markdown, end excluded. */
export type SourceRange = { start: number; end: number };

/** Where a link, an image or a definition writes its target. */
export type TargetSource = {
  /** The destination as written (`./b.md` of `[a](./b.md)`, `[a](<./b.md>)` or `[a]: ./b.md`), no `<` `>`. */
  destination?: SourceRange;
  /** An inline link's or image's `(destination "title")`, parentheses included. */
  resource?: SourceRange;
};

export type TargetNode = Link | Image | Definition;

/**
 * Markdown → mdast as parseMarkdown makes it, and where each link, image and definition that writes a target
 * writes it (autolinks and references write none of their own), so that a target can be changed in the source
 * with every other character left as written.
 */
export function parseMarkdownTargets(markdown: string): { tree: Root; targets: Map<TargetNode, TargetSource> } {
  const targets = new Map<TargetNode, TargetSource>();
  // The tokens a link, image or definition writes its target with; the node is the one open on the stack.
  const at = (part: keyof TargetSource) =>
    function (this: CompileContext, token: Token) {
      const node = this.stack[this.stack.length - 1];
      if (node?.type !== "link" && node?.type !== "image" && node?.type !== "definition") return;
      // A destination in angle brackets: the text between them.
      const inner = part === "destination" && markdown[token.start.offset] === "<" ? 1 : 0;
      const range = { start: token.start.offset + inner, end: token.end.offset - inner };
      targets.set(node, { ...targets.get(node), [part]: range });
    };
  const tree = fromMarkdown(markdown, {
    extensions: micromarkExtensions,
    mdastExtensions: [
      ...mdastExtensions,
      {
        enter: {
          resource: at("resource"),
          resourceDestination: at("destination"),
          definitionDestination: at("destination"),
        },
      },
    ],
  });
  return { tree, targets };
}
