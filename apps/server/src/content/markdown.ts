// Markdown helpers for the content checker: prose vs code, word counts, and link targets.

type Segment = { code: boolean; text: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Splits markdown into fenced code blocks and the rest (line-based, like CommonMark fences). */
export function splitFences(markdown: string): Segment[] {
  const segments: Segment[] = [];
  let fence: string | null = null;
  let buffer: string[] = [];
  const flush = (code: boolean) => {
    if (buffer.length > 0) segments.push({ code, text: buffer.join("\n") });
    buffer = [];
  };
  for (const line of markdown.split("\n")) {
    const match = FENCE.exec(line);
    if (fence === null && match) {
      flush(false);
      fence = match[1];
      buffer.push(line);
    } else if (fence !== null && match && match[1][0] === fence[0] && match[1].length >= fence.length) {
      buffer.push(line);
      flush(true);
      fence = null;
    } else {
      buffer.push(line);
    }
  }
  flush(fence !== null);
  return segments;
}

/** Splits prose further into inline code spans and the rest. */
function splitInlineCode(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(/(`+)[\s\S]*?[^`]\1(?!`)/g)) {
    if (match.index > last) segments.push({ code: false, text: text.slice(last, match.index) });
    segments.push({ code: true, text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ code: false, text: text.slice(last) });
  return segments;
}

/** Words of prose: fenced code blocks, link targets and HTML tags are not counted. */
export function countWords(markdown: string): number {
  const prose = splitFences(markdown)
    .filter((s) => !s.code)
    .map((s) => s.text)
    .join("\n")
    .replace(/\]\([^)]*\)/g, "] ")
    // Only real tags: a bare `<` in prose (e.g. "a < b") must not swallow the words after it.
    .replace(/<\/?[A-Za-z!][^<>]*>/g, " ");
  return prose.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const INLINE_LINK = /(!?)\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_LINK = /^( {0,3}\[[^\]]+\]:\s*)<?([^\s>]+)>?/gm;
const HTML_SRC = /(<(?:img|a|source)\b[^>]*?\b(?:src|href)\s*=\s*")([^"]+)(")/gi;

export type LinkKind = "link" | "image";

/**
 * Rewrites every link and image target outside code with `replace`; returning undefined keeps it.
 * Also used to only visit the targets (replace returns undefined).
 */
export function rewriteLinks(
  markdown: string,
  replace: (target: string, kind: LinkKind) => string | undefined,
): string {
  return splitFences(markdown)
    .map((block) =>
      block.code
        ? block.text
        : splitInlineCode(block.text)
            .map((span) => (span.code ? span.text : rewriteProse(span.text, replace)))
            .join(""),
    )
    .join("\n");
}

function rewriteProse(text: string, replace: (target: string, kind: LinkKind) => string | undefined): string {
  return text
    .replace(INLINE_LINK, (whole, bang: string, label: string, target: string, title: string | undefined) => {
      const next = replace(target, bang ? "image" : "link");
      return next === undefined ? whole : `${bang}[${label}](${next}${title ?? ""})`;
    })
    .replace(REFERENCE_LINK, (whole, head: string, target: string) => {
      const next = replace(target, /\.(svg|png|webp|jpe?g|gif)$/i.test(target) ? "image" : "link");
      return next === undefined ? whole : `${head}${next}`;
    })
    .replace(HTML_SRC, (whole, head: string, target: string, tail: string) => {
      const next = replace(target, /^<img|^<source/i.test(head) ? "image" : "link");
      return next === undefined ? whole : `${head}${next}${tail}`;
    });
}

/** Every link and image target outside code, in order. */
export function findLinks(markdown: string): { target: string; kind: LinkKind }[] {
  const found: { target: string; kind: LinkKind }[] = [];
  rewriteLinks(markdown, (target, kind) => {
    found.push({ target, kind });
    return undefined;
  });
  return found;
}
