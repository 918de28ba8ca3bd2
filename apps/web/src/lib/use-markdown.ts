import { useEffect, useMemo, useRef, useState } from "react";
import { reportClientError } from "./client-errors.ts";
import { loadedMarkdownPipeline, loadMarkdownPipeline, type MarkdownPipeline } from "./markdown.ts";

/** The markdown pipeline once it has loaded (at once when it already has). */
function usePipeline(): MarkdownPipeline | null {
  const [pipeline, setPipeline] = useState(loadedMarkdownPipeline);
  useEffect(() => {
    if (pipeline) return;
    let cancelled = false;
    loadMarkdownPipeline()
      .then((loaded) => {
        if (!cancelled) setPipeline(loaded);
      })
      .catch(reportClientError);
    return () => {
      cancelled = true;
    };
  }, [pipeline]);
  return pipeline;
}

/** `value`, but while `live` at most once per animation frame (the latest one), however often it changes. */
function useFrameThrottled(value: string, live: boolean): string {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const frame = useRef(0);
  useEffect(() => {
    latest.current = value;
    if (!live || frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setShown(latest.current);
    });
  }, [value, live]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return live ? shown : value;
}

/**
 * Sanitised HTML of the markdown, or null until the pipeline has loaded. Code is coloured once its grammars have
 * loaded (plain before). `live`: the text grows as it streams (a tutor answer) and is rendered again at most once
 * per frame. `headingIds`: headings get ids (a lesson, which the tutor's answers link into).
 */
export function useMarkdown(
  markdown: string,
  { live = false, headingIds = false }: { live?: boolean; headingIds?: boolean } = {},
): string | null {
  const pipeline = usePipeline();
  const source = useFrameThrottled(markdown, live);
  const [grammarsLoaded, setGrammarsLoaded] = useState(0);
  // grammarsLoaded: renderMarkdownNow colours with every grammar loaded so far, so a newly loaded one renders again.
  const rendered = useMemo(
    () => pipeline?.renderMarkdownNow(source, { headingIds }) ?? null,
    [pipeline, source, headingIds, grammarsLoaded],
  );

  useEffect(() => {
    if (!pipeline || !rendered?.missing.length) return;
    let cancelled = false;
    pipeline
      .loadGrammars(rendered.missing)
      .then(() => {
        if (!cancelled) setGrammarsLoaded((count) => count + 1);
      })
      // Without colours the code is still readable: report and keep the plain rendering.
      .catch(reportClientError);
    return () => {
      cancelled = true;
    };
  }, [pipeline, rendered]);

  return rendered?.html ?? null;
}
