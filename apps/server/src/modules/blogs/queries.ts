import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  BLOG_MESSAGES,
  BLOGS_COUNT_CAP,
  BLOGS_PAGE_SIZE,
  type BlogCategory,
  type BlogPage,
  type BlogStatus,
  type BlogSummary,
  type blogListQuerySchema,
} from "@neonlab/shared/schemas/blogs";
import { isStaff } from "@neonlab/shared/roles";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, unauthorized } from "../../errors.ts";
import { profileRows } from "../identity/service.ts";
import { blogVoteColumns } from "../learning/service.ts";
import { presentImage } from "./images.ts";
import { blogCategories, blogImages, blogs } from "./schema.ts";

// The blogs' reads: lists (filters, full-text search, sorts, pages), one blog by slug or id, categories.

export type Viewer = { id: string; role: string } | null;
export const isModerator = (viewer: Viewer) => isStaff(viewer?.role);

const { card, table: profiles } = profileRows;

/** A blog's columns for a card: not its text, its HTML or its search vector (a list reads 12 rows, not 12 texts). */
const {
  content: _content,
  contentHtml: _html,
  search: _search,
  searchHead: _head,
  ...cardColumns
} = getTableColumns(blogs);
const textColumns = { ...cardColumns, content: blogs.content, contentHtml: blogs.contentHtml };

/** The select list of a blog card (with its text: `withText`): the blog, author, category, cover and votes. */
export function summaryColumns(viewerId: string | null, withText = false) {
  return {
    blog: withText ? textColumns : cardColumns,
    author: card,
    category: { id: blogCategories.id, slug: blogCategories.slug, name: blogCategories.name },
    cover: {
      id: blogImages.id,
      variants: blogImages.variants,
      bytes: blogImages.bytes,
      createdAt: blogImages.createdAt,
    },
    votes: blogVoteColumns(sql`${blogs.id}`, viewerId),
  };
}

/** The FROM of a blog card; `withText` adds the markdown and its HTML. */
export function selectSummaries<T extends boolean = false>(db: Db, viewerId: string | null, withText?: T) {
  return db
    .select(
      summaryColumns(viewerId, withText ?? false) as ReturnType<typeof summaryColumns> & {
        blog: T extends true ? typeof textColumns : typeof cardColumns;
      },
    )
    .from(blogs)
    .innerJoin(profiles, eq(card.userId, blogs.authorId))
    .leftJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
    .leftJoin(blogImages, eq(blogImages.id, blogs.coverImageId));
}

type SummaryRow = {
  blog: Omit<typeof blogs.$inferSelect, "content" | "contentHtml" | "search" | "searchHead">;
  author: { userId: string; username: string; displayName: string; avatar: string | null };
  category: { id: number; slug: string; name: string } | null;
  cover: { id: number; variants: (typeof blogImages.$inferSelect)["variants"]; bytes: number; createdAt: Date } | null;
  votes: { ups: number | null; downs: number | null; mine: number | null };
};

export function presentSummary(row: SummaryRow): BlogSummary {
  const { blog } = row;
  const up = row.votes.ups ?? 0;
  const down = row.votes.downs ?? 0;
  return {
    id: blog.id,
    slug: blog.slug,
    title: blog.title,
    summary: blog.summary,
    status: blog.status,
    cover: row.cover?.id ? presentImage(row.cover) : null,
    category: row.category?.id ? row.category : null,
    tags: blog.tags,
    author: {
      id: row.author.userId,
      username: row.author.username,
      display_name: row.author.displayName,
      avatar: row.author.avatar,
    },
    readingMinutes: blog.readingMinutes,
    votes: { up, down, score: up - down, mine: row.votes.mine === 1 ? "up" : row.votes.mine === -1 ? "down" : null },
    views: blog.views,
    publishedAt: blog.publishedAt?.toISOString() ?? null,
    createdAt: blog.createdAt.toISOString(),
    updatedAt: blog.updatedAt.toISOString(),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A `from`/`to` bound: a bare day is that whole UTC day (from: its start; to: the next day's start, excluded). */
function bound(value: string, end: boolean): Date {
  const date = new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);
  if (end && DAY.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.id, id));
  return rows.length > 0;
}

type ListQuery = z.output<typeof blogListQuerySchema>;

/**
 * A page of cards: the page's ids from `blogs` alone first (its filter, order and offset on one table, where
 * the partial indexes serve them), then the cards of those ids. In one statement with the joins, the planner
 * joined every published blog with its author before sorting (52 ms at 10k rows).
 */
async function cardsPage(
  db: Db,
  viewerId: string | null,
  where: SQL | undefined,
  order: SQL[],
  page: number,
): Promise<BlogSummary[]> {
  const ids = (
    await db
      .select({ id: blogs.id })
      .from(blogs)
      .where(where)
      .orderBy(...order)
      .limit(BLOGS_PAGE_SIZE)
      .offset((page - 1) * BLOGS_PAGE_SIZE)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await selectSummaries(db, viewerId).where(inArray(blogs.id, ids));
  const byId = new Map(rows.map((r) => [r.blog.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentSummary(row)] : [];
  });
}

/** GET /api/blogs: filters, search (ranked), sort, a page; `total` counts every match. */
export async function listBlogs(db: Db, viewer: Viewer, query: ListQuery): Promise<BlogPage> {
  const status: BlogStatus = query.status ?? "published";
  const from = query.from ? bound(query.from, false) : null;
  const to = query.to ? bound(query.to, true) : null;
  if (from && to && from >= to) throw badRequest(BLOG_MESSAGES.fromAfterTo);
  if (query.blogCategoryId && !(await categoryExists(db, query.blogCategoryId)))
    throw badRequest(BLOG_MESSAGES.categoryNotFound);
  const where: (SQL | undefined)[] = [eq(blogs.status, status)];
  if (status !== "published") {
    if (!viewer) throw unauthorized(BLOG_MESSAGES.statusNeedsSignIn);
    if (status === "draft" || !isModerator(viewer)) where.push(eq(blogs.authorId, viewer.id));
  }
  const time = status === "published" ? blogs.publishedAt : blogs.createdAt;
  if (from) where.push(gte(time, from));
  if (to) where.push(lt(time, to));
  if (query.blogCategoryId) where.push(eq(blogs.categoryId, query.blogCategoryId));
  const words = query.search?.trim() ?? "";
  const tsQuery = sql`websearch_to_tsquery('english', ${words})`;
  if (words) where.push(sql`${blogs.search} @@ ${tsQuery}`);
  // `nulls last` as the partial indexes are built (drizzle-kit writes DESC NULLS LAST): a plain DESC means NULLS
  // FIRST, which those indexes can not give in order, and every published blog was sorted (20 ms at 100k).
  const last = (column: SQL | typeof blogs.id) => sql`${column} desc nulls last`;
  const newest = [last(sql`${time}`), last(blogs.id)];
  const order =
    query.sort === "top"
      ? [last(sql`${blogs.score}`), last(blogs.id)]
      : query.sort === "views"
        ? [last(sql`${blogs.views}`), last(blogs.id)]
        : query.sort === "newest" || !words
          ? newest
          : // Ranked on the title and summary (a small vector; the whole text's would be read per match),
            // then newest: a word found only in the text ranks by date.
            [desc(sql`ts_rank_cd(${blogs.searchHead}, ${tsQuery})`), ...newest];
  const condition = and(...where);
  // Counted up to the cap (one more row says whether there are more): a count of every match grows with the data.
  const matches = db
    .select({ one: sql`1` })
    .from(blogs)
    .where(condition)
    .limit(BLOGS_COUNT_CAP + 1)
    .as("matches");
  const [items, [counted]] = await Promise.all([
    cardsPage(db, viewer?.id ?? null, condition, order, query.page),
    db.select({ n: count() }).from(matches),
  ]);
  const n = counted?.n ?? 0;
  return {
    items,
    page: query.page,
    pageSize: BLOGS_PAGE_SIZE,
    total: Math.min(n, BLOGS_COUNT_CAP),
    totalCapped: n > BLOGS_COUNT_CAP,
  };
}

/** GET /api/blogs/my-blogs: the caller's blogs, newest change first, and the count per state. */
export async function listOwn(db: Db, viewer: { id: string }, query: { status?: BlogStatus; page: number }) {
  const condition = and(eq(blogs.authorId, viewer.id), query.status ? eq(blogs.status, query.status) : undefined);
  const [items, counts] = await Promise.all([
    cardsPage(db, viewer.id, condition, [sql`${blogs.updatedAt} desc nulls last`, desc(blogs.id)], query.page),
    db
      .select({ status: blogs.status, n: count() })
      .from(blogs)
      .where(eq(blogs.authorId, viewer.id))
      .groupBy(blogs.status),
  ]);
  const per = { draft: 0, pending: 0, published: 0 };
  for (const c of counts) per[c.status] = c.n;
  const all = per.draft + per.pending + per.published;
  return {
    items,
    page: query.page,
    pageSize: BLOGS_PAGE_SIZE,
    total: query.status ? per[query.status] : all,
    counts: { ...per, all },
  };
}

/** GET /api/blogs/pending: the review queue, oldest first. */
export async function listPending(db: Db, viewerId: string, page: number): Promise<BlogPage> {
  const condition = eq(blogs.status, "pending");
  const [items, [total]] = await Promise.all([
    cardsPage(db, viewerId, condition, [asc(blogs.updatedAt), asc(blogs.id)], page),
    db.select({ n: count() }).from(blogs).where(condition),
  ]);
  return { items, page, pageSize: BLOGS_PAGE_SIZE, total: total?.n ?? 0 };
}

/**
 * Every category with its published blogs' count, in their order. A join, not a correlated subquery: drizzle
 * writes a one-table select's columns unqualified, so a subquery's `"id"` was the blog's own id.
 */
export async function listCategories(db: Db): Promise<BlogCategory[]> {
  return db
    .select({
      id: blogCategories.id,
      slug: blogCategories.slug,
      name: blogCategories.name,
      description: blogCategories.description,
      count: count(blogs.id),
    })
    .from(blogCategories)
    .leftJoin(blogs, and(eq(blogs.categoryId, blogCategories.id), eq(blogs.status, "published")))
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.position), asc(blogCategories.id));
}

/** The images of a blog, newest first. */
export async function imagesOf(db: Db, blogIds: number[]) {
  if (blogIds.length === 0) return [];
  return db
    .select()
    .from(blogImages)
    .where(inArray(blogImages.blogId, blogIds))
    .orderBy(desc(blogImages.createdAt), desc(blogImages.id));
}
