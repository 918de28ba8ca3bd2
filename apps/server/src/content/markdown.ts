import { type Nodes, parseMarkdownTargets, type SourceRange } from "@neonlab/shared/markdown/parse";

// Markdown helpers for the content checker: word counts and link targets, read off the one markdown parser
// (CommonMark + GFM, the lesson page's), so code, links and raw HTML are exactly what the page makes of them. The
// source is never rebuilt from the tree: ranges of it are left out (counting) or replaced (rewriting).

const IMAGE_TARGET = /\.(svg|png|webp|jpe?g|gif)$/i;
// `src` / `href` of the tags that load or link something, in raw HTML.
const HTML_SRC = /(<(?:img|a|source)\b[^>]*?\b(?:src|href)\s*=\s*")([^"]+)(")/gi;
// A tag (`<em>`, `</p>`, `<!-- -->`), not a bare `<` of prose such as "a < b".
const HTML_TAG = /<\/?[A-Za-z!][^<>]*>/g;

/** Every node of the tree, parents before children; `visit` returning false skips a node's children. */
function walk(node: Nodes, visit: (node: Nodes) => boolean): void {
  if (!visit(node) || !("children" in node)) return;
  for (const child of node.children) walk(child, visit);
}

const start = (node: Nodes) => node.position?.start.offset ?? 0;
const end = (node: Nodes) => node.position?.end.offset ?? 0;

/**
 * Words of prose: code blocks (fenced or indented), link and image targets (with their titles), link definitions
 * and HTML tags are not counted; inline code is, but not a tag written in it (`<div>`).
 */
export function countWords(markdown: string): number {
  const { tree, targets } = parseMarkdownTargets(markdown);
  const left: SourceRange[] = [];
  walk(tree, (node) => {
    if (node.type === "code" || node.type === "definition") {
      left.push({ start: start(node), end: end(node) });
      return false;
    }
    if (node.type === "link" || node.type === "image") {
      const resource = targets.get(node)?.resource;
      if (resource) left.push(resource);
    }
    return true;
  });
  let prose = "";
  let last = 0;
  for (const range of left.sort((a, b) => a.start - b.start)) {
    prose += `${markdown.slice(last, range.start)} `;
    last = range.end;
  }
  prose += markdown.slice(last);
  return prose
    .replace(HTML_TAG, " ")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export type LinkKind = "link" | "image";

type Target = SourceRange & { kind: LinkKind };

/**
 * Where the markdown writes a target, in order: of every link, image and definition (not of autolinks, whose
 * target is their text), and `src` / `href` of <img>, <a> and <source> in raw HTML. Code holds none.
 */
function targetsOf(markdown: string): Target[] {
  const { tree, targets } = parseMarkdownTargets(markdown);
  const found: Target[] = [];
  for (const [node, { destination }] of targets) {
    if (!destination || destination.start === destination.end) continue;
    const written = markdown.slice(destination.start, destination.end);
    const kind = node.type === "link" ? "link" : node.type === "image" ? "image" : definitionKind(written);
    found.push({ ...destination, kind });
  }
  walk(tree, (node) => {
    if (node.type !== "html") return true;
    const offset = start(node);
    for (const match of markdown.slice(offset, end(node)).matchAll(HTML_SRC)) {
      const at = offset + match.index + match[1].length;
      found.push({ start: at, end: at + match[2].length, kind: /^<(img|source)/i.test(match[1]) ? "image" : "link" });
    }
    return false;
  });
  return found.sort((a, b) => a.start - b.start);
}

/** A definition (`[logo]: ./logo.svg`) serves links and images alike: its target's extension says which. */
const definitionKind = (target: string): LinkKind => (IMAGE_TARGET.test(target) ? "image" : "link");

/**
 * Rewrites every link and image target outside code with `replace` (returning undefined keeps it); only the
 * targets change, every other character stays as written. Also used to only visit the targets.
 */
export function rewriteLinks(
  markdown: string,
  replace: (target: string, kind: LinkKind) => string | undefined,
): string {
  let out = "";
  let last = 0;
  for (const { start, end, kind } of targetsOf(markdown)) {
    const next = replace(markdown.slice(start, end), kind);
    if (next === undefined) continue;
    out += markdown.slice(last, start) + next;
    last = end;
  }
  return out + markdown.slice(last);
}

/** Every link and image target outside code, in order. */
export function findLinks(markdown: string): { target: string; kind: LinkKind }[] {
  return targetsOf(markdown).map(({ start, end, kind }) => ({ target: markdown.slice(start, end), kind }));
}
