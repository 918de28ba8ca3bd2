import { BLOG_WORDS_PER_MINUTE } from "@neonlab/shared/schemas/blogs";
import type { KnownImage } from "@neonlab/shared/markdown/pipeline";

// A blog's markdown → sanitised, highlighted HTML through the one markdown pipeline (packages/shared/src/markdown,
// decision 025), with the blog's rules: only its own images survive (with srcset), links to the web are ugc.

/** The media path prefix our own images are served under. */
export const MEDIA_PREFIX = "/api/blogs/media/";

export type { KnownImage } from "@neonlab/shared/markdown/pipeline";

/**
 * Renders a blog's markdown to sanitised, highlighted HTML. The pipeline (unified, micromark, lowlight: a few
 * hundred modules) is loaded with the first blog rendered, not with the server (docs/decisions/023).
 */
export async function renderMarkdown(markdown: string, images: Map<string, KnownImage> = new Map()): Promise<string> {
  const pipeline = await import("@neonlab/shared/markdown/pipeline");
  return pipeline.renderMarkdown(markdown, { images, ugc: true });
}

/** Minutes to read the markdown (at least 1). */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\s]+/g, "w"))
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / BLOG_WORDS_PER_MINUTE));
}

/** Plain text of markdown for descriptions (feeds, meta tags): markup dropped, whitespace collapsed. */
export function plainText(markdown: string, max = 200): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
