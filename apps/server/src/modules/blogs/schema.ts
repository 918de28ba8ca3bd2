import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { BlogStatus } from "@neonlab/shared/schemas/blogs";
import { createdAt, userRef } from "../identity/accounts/columns.ts";
import { users } from "../identity/accounts/schema.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Blog categories (seeded by the migration; moderators' tooling may add more later). */
export const blogCategories = pgTable("blog_categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
});

/**
 * A blog: markdown as written (`content`) and the sanitised HTML rendered from it when it was saved or, after the
 * pipeline changed, first read again (`contentHtml`, `contentHtmlVersion`; decision 025). The slug is
 * `<title words>-<id>`: unique by construction and stable; once a blog was published, a slug replaced by a title
 * change is kept in blog_slugs and redirects.
 */
export const blogs = pgTable(
  "blogs",
  {
    id: serial("id").primaryKey(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    content: text("content").notNull().default(""),
    contentHtml: text("content_html").notNull().default(""),
    /** The markdown pipeline's MARKDOWN_HTML_VERSION that wrote contentHtml; an older one is rendered again on read. */
    contentHtmlVersion: integer("content_html_version").notNull().default(0),
    status: text("status").$type<BlogStatus>().notNull().default("draft"),
    categoryId: integer("category_id").references(() => blogCategories.id, { onDelete: "set null" }),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    coverImageId: integer("cover_image_id").references((): AnyPgColumn => blogImages.id, { onDelete: "set null" }),
    readingMinutes: integer("reading_minutes").notNull().default(1),
    views: integer("views").notNull().default(0),
    /** Up votes minus down votes, set from vote_totals by the vote's transaction (it locks this row first). */
    score: integer("score").notNull().default(0),
    rejectionReason: text("rejection_reason"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Ranking of search results: title (A) and summary (B) only — small, never toasted, cheap per match. */
    searchHead: tsvector("search_head")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B')`,
      ),
    /** Full-text search: title (A), summary (B), text (C), English stemming. */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(content, '')), 'C')`,
      ),
  },
  (t) => [
    check("blogs_status_check", sql`${t.status} in ('draft', 'pending', 'published')`),
    index("blogs_published_idx").on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    index("blogs_published_score_idx").on(t.score.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    index("blogs_published_views_idx").on(t.views.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    index("blogs_category_idx")
      .on(t.categoryId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index("blogs_pending_idx").on(t.updatedAt, t.id).where(sql`${t.status} = 'pending'`),
    index("blogs_author_idx").on(t.authorId, t.updatedAt.desc()),
    index("blogs_search_idx").using("gin", t.search),
  ],
);

/** Slugs a published blog had before a title change: they redirect to its current slug. */
export const blogSlugs = pgTable(
  "blog_slugs",
  {
    slug: text("slug").primaryKey(),
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("blog_slugs_blog_idx").on(t.blogId)],
);

export type StoredVariant = { width: number; height: number; key: string; bytes: number };

/** An uploaded image: its WebP variants in the storage (decision 026); the owner's bytes count against the quota. */
export const blogImages = pgTable(
  "blog_images",
  {
    id: serial("id").primaryKey(),
    blogId: integer("blog_id")
      .notNull()
      .references((): AnyPgColumn => blogs.id, { onDelete: "cascade" }),
    userId: userRef(),
    variants: jsonb("variants").$type<StoredVariant[]>().notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_images_blog_idx").on(t.blogId), index("blog_images_user_idx").on(t.userId)],
);

/**
 * Views counted once per viewer per UTC day: `viewer` is `u:<user id>` for a signed-in viewer, else an HMAC
 * of the day and the address under the server secret (no raw address is stored). The key makes it exactly
 * once under concurrency and across instances; rows older than yesterday are removed as new ones come.
 */
export const blogViews = pgTable(
  "blog_views",
  {
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    viewer: text("viewer").notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.viewer, t.day] }), index("blog_views_day_idx").on(t.day)],
);
