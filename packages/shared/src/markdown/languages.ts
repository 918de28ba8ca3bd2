import type { LanguageFn } from "highlight.js";

// The code languages the pipeline highlights: fence names → highlight.js grammars, each grammar its own lazily
// imported module (a browser chunk; on the server a chunk of the bundle), loaded only when a document needs it.

/** Fence names authors write, mapped to the highlight.js grammar that colours them. */
const FENCE_NAMES: Record<string, Grammar> = {
  html: "xml",
  htm: "xml",
  xml: "xml",
  svg: "xml",
  js: "javascript",
  javascript: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  typescript: "typescript",
  mts: "typescript",
  tsx: "typescript",
  css: "css",
  bash: "bash",
  sh: "bash",
  shell: "bash",
  shellscript: "bash",
  zsh: "bash",
  yaml: "yaml",
  yml: "yaml",
  json: "json",
  markdown: "markdown",
  md: "markdown",
  python: "python",
  py: "python",
  sql: "sql",
  diff: "diff",
  patch: "diff",
  go: "go",
  golang: "go",
  rust: "rust",
  rs: "rust",
  java: "java",
  c: "c",
  h: "c",
  cpp: "cpp",
  "c++": "cpp",
  cc: "cpp",
  hpp: "cpp",
};

export const GRAMMARS = {
  xml: () => import("highlight.js/lib/languages/xml"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  css: () => import("highlight.js/lib/languages/css"),
  bash: () => import("highlight.js/lib/languages/bash"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
  json: () => import("highlight.js/lib/languages/json"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  python: () => import("highlight.js/lib/languages/python"),
  sql: () => import("highlight.js/lib/languages/sql"),
  diff: () => import("highlight.js/lib/languages/diff"),
  go: () => import("highlight.js/lib/languages/go"),
  rust: () => import("highlight.js/lib/languages/rust"),
  java: () => import("highlight.js/lib/languages/java"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
} satisfies Record<string, () => Promise<{ default: LanguageFn }>>;

export type Grammar = keyof typeof GRAMMARS;

/** The grammar for a fence's info string (its first word, any case), or null for none (plain text). */
export function grammarOf(info: string | null | undefined): Grammar | null {
  const name = (info ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return Object.hasOwn(FENCE_NAMES, name) ? FENCE_NAMES[name] : null;
}

/** The languages the blog editor offers for a code block (each one highlighted); "text" is none. */
export const CODE_BLOCK_LANGUAGES = [
  { value: "text", label: "Plain text" },
  { value: "typescript", label: "TypeScript" },
  { value: "javascript", label: "JavaScript" },
  { value: "tsx", label: "TSX" },
  { value: "jsx", label: "JSX" },
  { value: "json", label: "JSON" },
  { value: "html", label: "HTML" },
  { value: "css", label: "CSS" },
  { value: "bash", label: "Bash" },
  { value: "python", label: "Python" },
  { value: "sql", label: "SQL" },
  { value: "yaml", label: "YAML" },
  { value: "markdown", label: "Markdown" },
  { value: "diff", label: "Diff" },
  { value: "go", label: "Go" },
  { value: "rust", label: "Rust" },
  { value: "java", label: "Java" },
  { value: "c", label: "C" },
  { value: "cpp", label: "C++" },
] as const;
