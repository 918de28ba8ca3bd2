import { useEffect, useMemo, useState } from "react";
import { reportClientError } from "./client-errors.ts";
import { fenceLanguages, renderMarkdown } from "./markdown.ts";
import { loadHighlighter } from "./highlighter.ts";

/** Sanitised HTML of the markdown: plain code at once, coloured once highlight.js has loaded. */
export function useMarkdown(markdown: string): string {
  const plain = useMemo(() => renderMarkdown(markdown), [markdown]);
  const [highlighted, setHighlighted] = useState<{ source: string; html: string } | null>(null);

  useEffect(() => {
    const languages = fenceLanguages(markdown);
    if (languages.length === 0) return;
    let cancelled = false;
    loadHighlighter(languages)
      .then((highlight) => {
        if (!cancelled) setHighlighted({ source: markdown, html: renderMarkdown(markdown, highlight) });
      })
      // Without colours the code is still readable: report and keep the plain rendering.
      .catch(reportClientError);
    return () => {
      cancelled = true;
    };
  }, [markdown]);

  return highlighted?.source === markdown ? highlighted.html : plain;
}
