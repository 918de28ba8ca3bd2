import { useMemo } from "react";
import { renderInlineMarkdown } from "../lib/markdown.ts";
import classes from "./markdown-content.module.css";

/** Inline markdown (e.g. `code` in a goal or a quiz option), sanitised, inside a span. */
export function InlineMarkdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => renderInlineMarkdown(text), [text]);
  return <span className={`${classes.inline} ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
