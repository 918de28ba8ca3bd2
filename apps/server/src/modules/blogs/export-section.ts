import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, isoOrNull, timestamp } from "../../export-section.ts";
import { mediaUrl } from "./images.ts";
import { blogCategories, blogImages, blogs } from "./schema.ts";

/** The user's blogs as written (markdown: portable), in every state, with their images' addresses. */
export const blogsExportSection = exportSection({
  key: "blogs",
  title: "Blogs you wrote",
  schema: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      slug: z.string(),
      summary: z.string(),
      status: z.string(),
      category: z.string().nullable(),
      tags: z.array(z.string()),
      /** Markdown as written. */
      content: z.string(),
      views: z.number().int(),
      rejectionReason: z.string().nullable(),
      /** Paths under the site's address (PUBLIC_URL), one per stored width. */
      images: z.array(z.object({ url: z.string(), width: z.number().int(), cover: z.boolean() })),
      publishedAt: timestamp.nullable(),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ),
  async collect(db, userId) {
    const rows = await db
      .select({ blog: blogs, category: blogCategories.name })
      .from(blogs)
      .leftJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
      .where(eq(blogs.authorId, userId))
      .orderBy(asc(blogs.createdAt), asc(blogs.id));
    const images = await db.select().from(blogImages).where(eq(blogImages.userId, userId)).orderBy(asc(blogImages.id));
    return rows.map(({ blog, category }) => ({
      id: blog.id,
      title: blog.title,
      slug: blog.slug,
      summary: blog.summary,
      status: blog.status,
      category,
      tags: blog.tags,
      content: blog.content,
      views: blog.views,
      rejectionReason: blog.rejectionReason,
      images: images
        .filter((image) => image.blogId === blog.id)
        .flatMap((image) =>
          image.variants.map((v) => ({ url: mediaUrl(v.key), width: v.width, cover: blog.coverImageId === image.id })),
        ),
      publishedAt: isoOrNull(blog.publishedAt),
      createdAt: iso(blog.createdAt),
      updatedAt: iso(blog.updatedAt),
    }));
  },
});
