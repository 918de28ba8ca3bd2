import { z } from "zod";
import { entityId as id, isoDateTime, noControlCharacters } from "./common.ts";
import { userCardSchema } from "./community.ts";
import {
  BLOG_CONTENT_MAX,
  BLOG_REJECT_REASON_MAX,
  BLOG_REJECT_REASON_MIN,
  BLOG_SORTS,
  BLOG_STATUSES,
  BLOG_SUMMARY_MAX,
  BLOG_TAG_MAX,
  BLOG_TAGS_MAX,
  BLOG_TITLE_MAX,
  BLOG_VOTE_TYPES,
} from "./blog-constants.ts";

// Blogs (spec §2, §7 `blogs/*`; product rules "Blogs"): authors with has_access write markdown drafts,
// publish them for review (a moderator's own publish is immediate), moderators approve or reject with a
// reason; published blogs are public, searchable, voted up or down and counted once per viewer per day.
// The server renders the markdown to sanitised HTML (`contentHtml`): the editor's preview shows the HTML
// of the autosave answer, so the preview is the published rendering. docs/blogs-api.md lists every call.

export * from "./blog-constants.ts";

const tag = z
  .string({ error: "Tags must be text" })
  .trim()
  .toLowerCase()
  .check(noControlCharacters("A tag"))
  .min(1, "A tag can not be empty")
  .max(BLOG_TAG_MAX, `A tag must be at most ${BLOG_TAG_MAX} characters`);

// ---------------------------------------------------------------- requests

/** A calendar day (YYYY-MM-DD, UTC) or an ISO date and time. */
const dayOrInstant = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: `${name} must be a date (YYYY-MM-DD) or an ISO date and time`,
    });

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive number`)
    .max(2_147_483_647, `${name} is too large`);

const page = z.coerce
  .number({ error: "page must be a number" })
  .int("page must be a whole number")
  .min(1, "page starts at 1")
  .max(10_000, "page must be at most 10000")
  .default(1);

/**
 * GET /api/blogs. Without `status` (or `status=published`): published blogs, for anyone. `status=pending`:
 * signed in only — moderators see everyone's pending blogs, others their own; `status=draft`: the caller's
 * own drafts (moderators too; drafts are private). `from`/`to` bound the
 * publication time (a day means that whole UTC day); `from` after `to` is a 400 (BLOG_MESSAGES.fromAfterTo).
 * `search` ranks by full-text relevance unless `sort` is given.
 */
export const blogListQuerySchema = z.object({
  search: z.string().trim().max(200, "search must be at most 200 characters").optional(),
  sort: z.enum(BLOG_SORTS, { error: `sort must be one of: ${BLOG_SORTS.join(", ")}` }).optional(),
  status: z.enum(BLOG_STATUSES, { error: `status must be one of: ${BLOG_STATUSES.join(", ")}` }).optional(),
  blogCategoryId: positiveId("blogCategoryId").optional(),
  from: dayOrInstant("from").optional(),
  to: dayOrInstant("to").optional(),
  page,
});
export type BlogListQuery = z.input<typeof blogListQuerySchema>;

/** GET /api/blogs/my-blogs and GET /api/blogs/pending: a status (my blogs only) and a page. */
export const myBlogsQuerySchema = z.object({
  status: z.enum(BLOG_STATUSES, { error: `status must be one of: ${BLOG_STATUSES.join(", ")}` }).optional(),
  page,
});
export const blogQueueQuerySchema = z.object({ page });

/** POST /api/blogs: a new draft; everything optional (the title defaults to "Untitled blog"); no other field. */
export const blogCreateSchema = z
  .strictObject({
    title: z
      .string()
      .trim()
      .check(noControlCharacters("The title"))
      .max(BLOG_TITLE_MAX, `The title must be at most ${BLOG_TITLE_MAX} characters`)
      .optional(),
    blogCategoryId: positiveId("blogCategoryId").nullable().optional(),
  })
  .default({});
export type BlogCreate = z.infer<typeof blogCreateSchema>;

/** PUT /api/blogs/{id}: the whole editable text (autosave). Answers the saved blog with its `contentHtml`. */
export const blogUpdateSchema = z.object({
  title: z
    .string({ error: "The title must be text" })
    .trim()
    .check(noControlCharacters("The title"))
    .min(1, "The title is required")
    .max(BLOG_TITLE_MAX, `The title must be at most ${BLOG_TITLE_MAX} characters`),
  summary: z
    .string({ error: "The summary must be text" })
    .trim()
    .check(noControlCharacters("The summary", { multiline: true }))
    .max(BLOG_SUMMARY_MAX, `The summary must be at most ${BLOG_SUMMARY_MAX} characters`),
  content: z
    .string({ error: "The text must be markdown" })
    .check(noControlCharacters("The text", { multiline: true }))
    .max(BLOG_CONTENT_MAX, `The text must be at most ${BLOG_CONTENT_MAX.toLocaleString("en")} characters`),
  blogCategoryId: positiveId("blogCategoryId").nullable(),
  tags: z.array(tag).max(BLOG_TAGS_MAX, `At most ${BLOG_TAGS_MAX} tags`),
});
export type BlogUpdate = z.infer<typeof blogUpdateSchema>;

/** PATCH /api/blogs/{id}/reject: the reason the author reads in their notification and editor. */
export const blogRejectSchema = z.object({
  reason: z
    .string({ error: "Give a reason" })
    .trim()
    .check(noControlCharacters("The reason", { multiline: true }))
    .min(BLOG_REJECT_REASON_MIN, `Give a reason of at least ${BLOG_REJECT_REASON_MIN} characters`)
    .max(BLOG_REJECT_REASON_MAX, `Keep the reason under ${BLOG_REJECT_REASON_MAX} characters`),
});

/** POST /api/blogs/{id}/vote?type=up|down */
export const blogVoteQuerySchema = z.object({
  type: z.enum(BLOG_VOTE_TYPES, { error: "type must be up or down" }),
});

export const blogIdParamsSchema = z.object({ id: positiveId("id") });
export const blogImageIdParamsSchema = z.object({ imageId: positiveId("imageId") });
export const blogSlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(200) });

// ---------------------------------------------------------------- answers

/** One stored image: WebP variants for `srcset` (`src` is the widest one). */
export const blogImageSchema = z.object({
  id,
  /** The widest variant's URL (under /api/blogs/media/). */
  src: z.string(),
  /** `url 480w, url 960w, …` for <img srcset>. */
  srcset: z.string(),
  /** Intrinsic size of the widest variant (for width/height attributes: no layout shift). */
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string() })),
  /** Bytes of every variant together (counts against the quota). */
  bytes: z.number().int(),
  /** The markdown that inserts it: `![alt](src)` (the server adds srcset when rendering). */
  markdown: z.string(),
  createdAt: isoDateTime,
});
export type BlogImage = z.infer<typeof blogImageSchema>;

export const blogCategorySchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Published blogs in it. */
  count: z.number().int(),
});
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const blogVotesSchema = z.object({
  up: z.number().int(),
  down: z.number().int(),
  /** up − down */
  score: z.number().int(),
  /** The caller's vote; null when signed out or not voted. */
  mine: z.enum(BLOG_VOTE_TYPES).nullable(),
});
export type BlogVotes = z.infer<typeof blogVotesSchema>;

/** A blog in lists (no text). */
export const blogSummarySchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  status: z.enum(BLOG_STATUSES),
  cover: blogImageSchema.nullable(),
  category: blogCategorySchema.pick({ id: true, slug: true, name: true }).nullable(),
  tags: z.array(z.string()),
  author: userCardSchema,
  readingMinutes: z.number().int(),
  votes: blogVotesSchema,
  views: z.number().int(),
  publishedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

/** GET /api/blogs/slug/{slug}: a published blog; `slug` is the current one (an old slug finds it too). */
export const blogSchema = blogSummarySchema.extend({
  /** Markdown as written. */
  content: z.string(),
  /** The markdown rendered and sanitised by the server (code highlighted with classes, no inline styles). */
  contentHtml: z.string(),
  /** The canonical page: PUBLIC_URL/blogs/{slug}. */
  url: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

/** GET /api/blogs/{id}/edit, and the answer of every write: the blog with what the editor needs. */
export const blogEditSchema = blogSchema.extend({
  /** Every image uploaded to this blog (cover included), newest first. */
  images: z.array(blogImageSchema),
  /** The last rejection's reason while the blog is a draft after it; null otherwise. */
  rejectionReason: z.string().nullable(),
  /** Whether the caller may change it (owner with has_access, or admin). */
  canEdit: z.boolean(),
});
export type BlogEdit = z.infer<typeof blogEditSchema>;

/** GET /api/blogs counts matches up to this many (then `totalCapped`: "1,000+"), so a page costs the same at 100k. */
export const BLOGS_COUNT_CAP = 1000;

export const blogPageSchema = z.object({
  items: z.array(blogSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Blogs matching the filters (all pages); at most BLOGS_COUNT_CAP for GET /api/blogs (see totalCapped). */
  total: z.number().int(),
  /** True when there are more than `total` matches (GET /api/blogs stops counting at BLOGS_COUNT_CAP). */
  totalCapped: z.boolean().optional(),
});
export type BlogPage = z.infer<typeof blogPageSchema>;

/** GET /api/blogs/my-blogs: the caller's blogs (every state unless `status`) and how many in each state. */
export const myBlogsSchema = blogPageSchema.extend({
  counts: z.object({
    draft: z.number().int(),
    pending: z.number().int(),
    published: z.number().int(),
    all: z.number().int(),
  }),
});
export type MyBlogs = z.infer<typeof myBlogsSchema>;

/** PATCH /api/blogs/{id}/upload-images: the new images (the blog's full list is in GET …/edit). */
export const blogImagesUploadSchema = z.object({
  images: z.array(blogImageSchema),
  /** The caller's stored bytes after the upload, and the quota. */
  storage: z.object({ used: z.number().int(), quota: z.number().int() }),
});
export type BlogImagesUpload = z.infer<typeof blogImagesUploadSchema>;

/** POST /api/blogs/{id}/view */
export const blogViewSchema = z.object({
  views: z.number().int(),
  /** False when this viewer was already counted today. */
  counted: z.boolean(),
});
export type BlogView = z.infer<typeof blogViewSchema>;
