/** A preference's font family as CSS: a named font falls back to the generic monospace. */
export function fontStack(family: string): string {
  return family === "monospace" || family === "sans-serif" ? family : `"${family}", monospace`;
}
