import { type Nodes, parseMarkdown } from "@neonlab/shared/markdown/parse";

// Containers whose children are blocks, each on a line of its own.
const BLOCKS = new Set(["root", "blockquote", "list", "listItem", "table", "footnoteDefinition"]);

function text(node: Nodes): string {
  if (node.type === "html") return "";
  if ("value" in node) return node.value;
  if (node.type === "break") return "\n";
  if (node.type === "image") return node.alt ?? "";
  if (!("children" in node)) return "";
  const between = BLOCKS.has(node.type) ? "\n" : node.type === "tableRow" ? " " : "";
  return (node.children as Nodes[]).map(text).join(between);
}

/** An answer as a screen reader should hear it: the markdown's text, one line per block, no markup. */
export function answerText(markdown: string): string {
  return text(parseMarkdown(markdown))
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
