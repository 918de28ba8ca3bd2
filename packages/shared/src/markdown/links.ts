// Which link addresses the renderers keep (pipeline.ts through sanitize.ts, and the inline renderer), in a module
// of its own so the inline renderer does not pull the sanitiser in.

const EXTERNAL = /^https?:\/\//i;
// Web, mail, an in-page anchor or a path on this site; never `javascript:`, `data:` or `//other.host`.
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?![/\\])|#|\.{1,2}\/|[^:/?#\\]+(?:[/?#]|$))/i;

/** How a link's address is shown: "external" opens a new tab, "internal" stays, null is not a link at all. */
export function linkKind(href: string): "external" | "internal" | null {
  if (!SAFE_HREF.test(href)) return null;
  return EXTERNAL.test(href) ? "external" : "internal";
}

/** `rel` of a link that leaves the site; on text written by users (blogs) also nofollow and ugc. */
export const externalRel = (ugc: boolean) =>
  ugc ? ["nofollow", "ugc", "noopener", "noreferrer"] : ["noopener", "noreferrer"];
