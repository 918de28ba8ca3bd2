import { and, asc, count, desc, eq, gt, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { profileRows } from "../identity/service.ts";
import { plainText } from "./markdown.ts";
import { blogs } from "./schema.ts";

// For the world outside: an Atom feed of the newest published blogs and a sitemap of every published blog
// (a sitemap index of files of at most 50,000 addresses each, the protocol's limit).

const FEED_SIZE = 50;
const SITEMAP_SIZE = 50_000;

/** Every character XML 1.0 can not carry, not even as a reference (lone surrogate halves included, with the u flag). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  '"': "&quot;",
  "'": "&apos;",
  // A literal CR is read back as a line feed; the reference keeps it.
  "\r": "&#13;",
};

/** Text for XML: markup escaped, and what XML 1.0 forbids left out (rows written before the input rules hold it). */
export const xmlEscape = (text: string) => text.replace(NOT_XML, "").replace(/[<>&"'\r]/g, (c) => ENTITIES[c]!);

const hidden = { hide: true } as const;
const published = eq(blogs.status, "published");

export function registerBlogFeeds(app: FastifyInstance, db: Db, publicUrl: string) {
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  const { card, table: profiles } = profileRows;

  app.get("/blogs/feed.xml", { config: { auth: "public" }, schema: hidden }, async (_request, reply) => {
    const rows = await db
      .select({
        blog: {
          id: blogs.id,
          slug: blogs.slug,
          title: blogs.title,
          summary: blogs.summary,
          content: blogs.content,
          publishedAt: blogs.publishedAt,
          createdAt: blogs.createdAt,
          updatedAt: blogs.updatedAt,
        },
        author: card.displayName,
      })
      .from(blogs)
      .innerJoin(profiles, eq(card.userId, blogs.authorId))
      .where(published)
      .orderBy(desc(blogs.publishedAt), desc(blogs.id))
      .limit(FEED_SIZE);
    const updated = (rows[0]?.blog.updatedAt ?? new Date(0)).toISOString();
    const entries = rows.map(({ blog, author }) => {
      const url = `${publicUrl}/blogs/${blog.slug}`;
      return `  <entry>
    <title>${xmlEscape(blog.title)}</title>
    <link rel="alternate" type="text/html" href="${xmlEscape(url)}"/>
    <id>${xmlEscape(`${publicUrl}/blogs/${blog.id}`)}</id>
    <published>${(blog.publishedAt ?? blog.createdAt).toISOString()}</published>
    <updated>${blog.updatedAt.toISOString()}</updated>
    <author><name>${xmlEscape(author)}</name></author>
    <summary>${xmlEscape(blog.summary || plainText(blog.content))}</summary>
  </entry>`;
    });
    return reply
      .type("application/atom+xml; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(
        xml(`<feed xmlns="http://www.w3.org/2005/Atom">
  <title>NeonLab blogs</title>
  <link rel="self" href="${xmlEscape(`${publicUrl}/blogs/feed.xml`)}"/>
  <link rel="alternate" type="text/html" href="${xmlEscape(`${publicUrl}/blogs`)}"/>
  <id>${xmlEscape(`${publicUrl}/blogs`)}</id>
  <updated>${updated}</updated>
${entries.join("\n")}
</feed>
`),
      );
  });

  app.get("/blogs/sitemap.xml", { config: { auth: "public" }, schema: hidden }, async (_request, reply) => {
    const [total] = await db.select({ n: count() }).from(blogs).where(published);
    const files = Math.max(1, Math.ceil((total?.n ?? 0) / SITEMAP_SIZE));
    const list = Array.from(
      { length: files },
      (_, i) => `  <sitemap><loc>${xmlEscape(`${publicUrl}/blogs/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    );
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(
        xml(
          `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list.join("\n")}\n</sitemapindex>\n`,
        ),
      );
  });

  app.get(
    "/blogs/sitemap-:n.xml",
    {
      config: { auth: "public" },
      schema: { ...hidden, params: z.object({ n: z.coerce.number().int().min(1).max(10_000) }) },
    },
    async (request, reply) => {
      const { n } = request.params as { n: number };
      // Pages by id ranges of published blogs: keyset, not offset (the 3rd file reads 50,000 rows, not 150,000).
      const [start] = await db
        .select({ id: blogs.id })
        .from(blogs)
        .where(published)
        .orderBy(asc(blogs.id))
        .limit(1)
        .offset((n - 1) * SITEMAP_SIZE);
      const rows = start
        ? await db
            .select({ slug: blogs.slug, updatedAt: blogs.updatedAt })
            .from(blogs)
            .where(and(published, gt(blogs.id, start.id - 1), lte(blogs.id, 2_147_483_647)))
            .orderBy(asc(blogs.id))
            .limit(SITEMAP_SIZE)
        : [];
      if (rows.length === 0 && n > 1) return reply.status(404).type("text/plain").send("No such sitemap file.");
      const urls = rows.map(
        (b) =>
          `  <url><loc>${xmlEscape(`${publicUrl}/blogs/${b.slug}`)}</loc><lastmod>${b.updatedAt.toISOString()}</lastmod></url>`,
      );
      return reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`));
    },
  );
}
