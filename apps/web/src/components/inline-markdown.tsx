import { useMemo } from "react";
import { inlineMarkdown } from "../lib/inline-markdown.tsx";
import classes from "./markdown-content.module.css";

/** Inline markdown (e.g. `code` in a goal or a quiz option) inside a span. */
export function InlineMarkdown({ text, className }: { text: string; className?: string }) {
  const content = useMemo(() => inlineMarkdown(text), [text]);
  return <span className={`${classes.inline} ${className ?? ""}`}>{content}</span>;
}
