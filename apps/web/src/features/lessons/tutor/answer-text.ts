import { renderMarkdown } from "../../../lib/markdown.ts";

const BLOCK_END = /<\/(p|li|h[1-6]|pre|blockquote|tr|table|ul|ol)>|<br\s*\/?>/gi;

/** An answer as a screen reader should hear it: the rendered markdown's text, one line per block, no markup. */
export function answerText(markdown: string): string {
  const html = renderMarkdown(markdown).replace(BLOCK_END, "$&\n");
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
