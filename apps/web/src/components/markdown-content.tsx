import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { loadMarkdownPipeline } from "../lib/markdown.ts";
import { useMarkdown } from "../lib/use-markdown.ts";
import classes from "./markdown-content.module.css";

// A page that shows markdown fetches the pipeline as its code loads, beside its data (a failure is reported by
// the first component that waits for it).
if (typeof window !== "undefined") loadMarkdownPipeline().catch(() => undefined);

/**
 * Rendered, sanitised markdown; links inside the site navigate without a page reload. `headingIds`: headings get
 * ids to link to (a lesson: the tutor's answers point into its sections).
 */
export function MarkdownContent({
  markdown,
  className,
  headingIds = false,
}: {
  markdown: string;
  className?: string;
  headingIds?: boolean;
}) {
  const html = useMarkdown(markdown, { headingIds });
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
      aria-busy={html === null || undefined}
      dangerouslySetInnerHTML={{ __html: html ?? "" }}
    />
  );
}
