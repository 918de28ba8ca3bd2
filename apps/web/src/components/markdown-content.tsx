import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { useMarkdown } from "../lib/use-markdown.ts";
import classes from "./markdown-content.module.css";

/** Rendered, sanitised markdown; links inside the site navigate without a page reload. */
export function MarkdownContent({ markdown, className }: { markdown: string; className?: string }) {
  const html = useMarkdown(markdown);
  const navigate = useNavigate();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const anchor = (event.target as HTMLElement).closest("a");
    const href = anchor?.getAttribute("href");
    if (!anchor || !href || anchor.target === "_blank" || !href.startsWith("/") || href.startsWith("//")) return;
    if (href.startsWith("/api/")) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only intercepts clicks on real links, which keep their own keyboard handling
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div
      className={`${classes.markdown} ${className ?? ""}`}
      onClick={onClick}
      data-markdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
