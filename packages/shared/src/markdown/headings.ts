import type { Heading, Nodes, Root } from "mdast";
import { visit } from "unist-util-visit";

// Heading ids, so a link such as `[Moving around with cd](#moving-around-with-cd)` scrolls to its section. The
// pipeline adds them when asked (lessons: `headingIds`), and the AI tutor names the same ids in its answers: both
// read them from here, on the same parse, so they always agree.

/** A heading's text as the page shows it: its text and inline code, without markup, images or raw HTML. */
export function headingText(node: Nodes): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value;
  if (node.type === "break") return " ";
  // Images have no children: their alt text is not part of the heading's text, as on the page.
  if (!("children" in node)) return "";
  return (node.children as Nodes[]).map(headingText).join("");
}

/** The id of a heading's text: lower-case letters and digits, each other run of characters one dash. */
export function headingSlug(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "section";
}

export type DocumentHeading = { depth: number; text: string; id: string; node: Heading };

/** A document's headings in order with their ids, unique within it (a repeated one gets "-2", "-3"…). */
export function documentHeadings(tree: Root): DocumentHeading[] {
  const seen = new Set<string>();
  const headings: DocumentHeading[] = [];
  visit(tree, "heading", (node: Heading) => {
    const text = headingText(node).replace(/\s+/g, " ").trim();
    const base = headingSlug(text);
    let id = base;
    for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
    seen.add(id);
    headings.push({ depth: node.depth, text, id, node });
  });
  return headings;
}

/** Gives every heading of the tree its id (rendered as the element's `id` attribute). */
export function addHeadingIds(tree: Root): void {
  for (const { node, id } of documentHeadings(tree)) {
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
  }
}
