// The one markdown pipeline (packages/shared/src/markdown/pipeline.ts; decision 025) in the browser: lessons,
// projects and tutor answers. It is imported on first use (a chunk of its own, never on the first route); pages
// that show markdown start the download as their code loads, beside their data.

export type MarkdownPipeline = typeof import("@neonlab/shared/markdown/pipeline");

let loaded: MarkdownPipeline | null = null;
let loading: Promise<MarkdownPipeline> | null = null;

/** The pipeline, imported once (a failed import is tried again on the next call). */
export function loadMarkdownPipeline(): Promise<MarkdownPipeline> {
  loading ??= import("@neonlab/shared/markdown/pipeline").then(
    (pipeline) => {
      loaded = pipeline;
      return pipeline;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The pipeline if it has loaded, else null. */
export const loadedMarkdownPipeline = (): MarkdownPipeline | null => loaded;
