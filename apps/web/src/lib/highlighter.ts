import type { LanguageFn } from "highlight.js";
import type { Highlighter } from "./markdown.ts";

// Only the languages the curriculum uses are bundled, each in its own chunk loaded on demand.
const LOADERS: Record<string, () => Promise<{ default: LanguageFn }>> = {
  xml: () => import("highlight.js/lib/languages/xml"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  css: () => import("highlight.js/lib/languages/css"),
  bash: () => import("highlight.js/lib/languages/bash"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
  json: () => import("highlight.js/lib/languages/json"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  python: () => import("highlight.js/lib/languages/python"),
};

/** Loads highlight.js core and the given languages, and returns a highlighter for them. */
export async function loadHighlighter(languages: string[]): Promise<Highlighter> {
  const { default: hljs } = await import("highlight.js/lib/core");
  await Promise.all(
    languages
      .filter((language) => language in LOADERS && !hljs.getLanguage(language))
      .map(async (language) => hljs.registerLanguage(language, (await LOADERS[language]()).default)),
  );
  return (code, language) =>
    hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null;
}
