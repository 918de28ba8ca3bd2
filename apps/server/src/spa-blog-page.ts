import type { FastifyInstance } from "fastify";
import type { Blog } from "@neonlab/shared/schemas/blogs";

// A published blog's page for the world outside (crawlers and link previews run no JavaScript): the SPA's
// HTML with the blog's own title, description, canonical URL, Open Graph and Twitter tags (the cover as
// og:image), from the API's own answer (`GET /api/blogs/slug/:slug`, asked through inject like spa-not-found.ts).
// An earlier slug redirects (301) to the current one; an unknown or unpublished one is a 404 page.

const BLOG_PAGE = /^\/blogs\/([^/]+)$/;
const NOT_BLOGS = new Set(["my-blogs"]);

export type BlogPageAnswer = { redirect: string } | { notFound: true } | { html: string } | null;

export const htmlEscape = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The head tags of a blog's page. */
export function blogHeadTags(blog: Blog): { description: string; tags: string } {
  const origin = new URL(blog.url).origin;
  const description = blog.summary || `${blog.title}, by ${blog.author.display_name} on NeonLab.`;
  const meta = (attribute: "name" | "property", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${htmlEscape(value)}" />`;
  const tags = [
    `<link rel="canonical" href="${htmlEscape(blog.url)}" />`,
    `<link rel="alternate" type="application/atom+xml" title="NeonLab blogs" href="${htmlEscape(`${origin}/blogs/feed.xml`)}" />`,
    meta("property", "og:type", "article"),
    meta("property", "og:site_name", "NeonLab"),
    meta("property", "og:title", blog.title),
    meta("property", "og:description", description),
    meta("property", "og:url", blog.url),
    meta("name", "twitter:title", blog.title),
    meta("name", "twitter:description", description),
    meta("name", "author", blog.author.display_name),
  ];
  if (blog.publishedAt) tags.push(meta("property", "article:published_time", blog.publishedAt));
  if (blog.cover) {
    tags.push(
      meta("property", "og:image", `${origin}${blog.cover.src}`),
      meta("property", "og:image:width", String(blog.cover.width)),
      meta("property", "og:image:height", String(blog.cover.height)),
      meta("property", "og:image:type", "image/webp"),
      meta("name", "twitter:card", "summary_large_image"),
      meta("name", "twitter:image", `${origin}${blog.cover.src}`),
    );
  } else tags.push(meta("name", "twitter:card", "summary"));
  return { description, tags: tags.join("\n    ") };
}

/** The page for `page` when it is a blog's (`/blogs/:slug`), else null. */
export async function blogPage(app: FastifyInstance, page: string, index: string): Promise<BlogPageAnswer> {
  const match = BLOG_PAGE.exec(page);
  const slug = match?.[1] && decoded(match[1]);
  if (!slug || NOT_BLOGS.has(slug)) return null;
  const res = await app.inject(`/api/blogs/slug/${encodeURIComponent(slug)}`);
  if (res.statusCode === 404 || res.statusCode === 400) return { notFound: true };
  if (res.statusCode !== 200) return null;
  const blog = res.json() as Blog;
  if (blog.slug !== slug) return { redirect: `/blogs/${encodeURIComponent(blog.slug)}` };
  const { description, tags } = blogHeadTags(blog);
  const html = index
    .replace(/<title>[^<]*<\/title>/, `<title>${htmlEscape(blog.title)} · NeonLab</title>`)
    .replace(
      /<meta name="description" content="[^"]*" ?\/?>/,
      `<meta name="description" content="${htmlEscape(description)}" />`,
    )
    .replace("</head>", `    ${tags}\n  </head>`);
  return { html };
}
