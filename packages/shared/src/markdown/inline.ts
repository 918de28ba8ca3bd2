import type { PhrasingContent, RootContent } from "mdast";
import { parseMarkdown } from "./parse.ts";

export type { PhrasingContent } from "mdast";

// One line of markdown (a title, a goal, a quiz option): the pipeline's parser, inline syntax only. It needs no
// more than the parser (not the HTML pipeline), so pages that show only inline markdown stay small.

/**
 * A line's block syntax made literal: what would make it a heading, a quote, a list, a rule, a code block, a
 * table or a link definition stays text. Inline HTML stays (as `html` nodes, which renderers drop).
 */
function inlineOnly(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const rest = line.replace(/^[ \t]+/, "");
      if (
        /^(#{1,6}(?:[ \t]|$)|>|[-+*](?:[ \t]|$)|([-*_])(?:[ \t]*\2){2,}[ \t]*$|=+[ \t]*$|`{3,}|~{3,}|\[[^\]]*\]:)/.test(
          rest,
        )
      )
        return `\\${rest}`;
      if (/^[|:\-\s]+$/.test(rest) && rest.includes("-")) return `\\${rest}`;
      return rest.replace(/^(\d{1,9})([.)])/, "$1\\$2");
    })
    .join("\n");
}

/** Phrasing of block nodes that slipped through (a raw HTML block), so nothing of the text is lost. */
function phrasing(node: RootContent): PhrasingContent[] {
  if (node.type === "html") return [{ type: "text", value: node.value.replace(/<[^>]*>/g, "") }];
  if (node.type === "paragraph" || node.type === "heading") return node.children;
  if ("children" in node) return (node.children as RootContent[]).flatMap(phrasing);
  return "value" in node ? [{ type: "text", value: String(node.value) }] : [];
}

/** One line of markdown → phrasing nodes (text, emphasis, strong, delete, inlineCode, break, link, image, html). */
export function parseInline(text: string): PhrasingContent[] {
  const blocks = parseMarkdown(inlineOnly(text)).children;
  return blocks.flatMap((block, index) => {
    const nodes = phrasing(block);
    return index === 0 ? nodes : [{ type: "text", value: " " } as PhrasingContent, ...nodes];
  });
}
