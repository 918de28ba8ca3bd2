import { createHmac } from "node:crypto";
import { and, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import {
  BLOG_MESSAGES,
  BLOG_PUBLISH_MIN_CONTENT,
  type Blog,
  type BlogCreate,
  type BlogEdit,
  type BlogUpdate,
  type BlogView,
  type BlogVotes,
  type BlogVoteType,
} from "@neonlab/shared/schemas/blogs";
import { canWriteBlogs } from "@neonlab/shared/roles";
import { MARKDOWN_HTML_VERSION } from "@neonlab/shared/markdown/version";
import type { Db } from "../../db/client.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import type { DbAccess, RunInTransaction } from "../../transaction.ts";
import { userHasAccess } from "../identity/service.ts";
import { blogScore, castBlogVote, deleteBlogVotes } from "../learning/service.ts";
import { presentImage } from "./images.ts";
import { type KnownImage, plainText, readingMinutes, renderMarkdown } from "./markdown.ts";
import { categoryExists, imagesOf, isModerator, presentSummary, selectSummaries, type Viewer } from "./queries.ts";
import { blogImages, blogSlugs, blogs, blogViews } from "./schema.ts";

// The blog's life (product rules "Blogs"): drafts written by authors with has_access or staff, publish → pending
// (a moderator's own → published), approve / reject by moderators (each once: a conditional UPDATE), unpublish
// → draft. Slugs are `<title words>-<id>`; after a blog was first published a replaced slug keeps redirecting.

export type Writer = { id: string; role: string };

export const UNTITLED = "Untitled blog";

/** `Hello, TypeScript 7!` → `hello-typescript-7` (at most 60 characters; `blog` when nothing is left). */
export function slugify(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return words || "blog";
}
const slugOf = (title: string, id: number) => `${slugify(title)}-${id}`;

type BlogRow = typeof blogs.$inferSelect;

export async function findBlog(db: Db, id: number, lock = false): Promise<BlogRow> {
  const query = db.select().from(blogs).where(eq(blogs.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return row;
}

/** Whether the user may write blogs: the one server check of canWriteBlogs (has_access, or staff). */
async function mayWrite(db: Db, user: Writer): Promise<boolean> {
  // Staff may whatever their access: their role is on the session, so no query is needed for them.
  if (canWriteBlogs({ role: user.role, hasAccess: false })) return true;
  return canWriteBlogs({ role: user.role, hasAccess: await userHasAccess(db, user.id) });
}

/** The author who may write blogs (has_access or staff), or a 403 saying which rule failed. */
export async function checkWriter(db: Db, user: Writer, blog: BlogRow) {
  if (blog.authorId !== user.id) throw forbidden(BLOG_MESSAGES.notYours);
  if (!(await mayWrite(db, user))) throw forbidden(BLOG_MESSAGES.needsAccess);
}

/** Our images by every URL the markdown may name (each variant), for the renderer's srcset. */
export async function knownImages(db: Db, blogId: number): Promise<Map<string, KnownImage>> {
  const known = new Map<string, KnownImage>();
  for (const row of await imagesOf(db, [blogId])) {
    const image = presentImage(row);
    const entry = { src: image.src, srcset: image.srcset, width: image.width, height: image.height };
    for (const v of image.variants) known.set(v.url, entry);
  }
  return known;
}

/**
 * The blog's HTML as the pipeline writes it now: HTML stored by an older pipeline (MARKDOWN_HTML_VERSION, decision
 * 025) is rendered again on this read and kept, unless the text was saved meanwhile (that save wrote new HTML).
 */
async function currentHtml(
  db: Db,
  blog: { id: number; content: string; contentHtml: string; contentHtmlVersion: number },
): Promise<string> {
  if (blog.contentHtmlVersion >= MARKDOWN_HTML_VERSION || !blog.content) return blog.contentHtml;
  const contentHtml = await renderMarkdown(blog.content, await knownImages(db, blog.id));
  await db
    .update(blogs)
    .set({ contentHtml, contentHtmlVersion: MARKDOWN_HTML_VERSION })
    .where(
      and(eq(blogs.id, blog.id), lt(blogs.contentHtmlVersion, MARKDOWN_HTML_VERSION), eq(blogs.content, blog.content)),
    );
  return contentHtml;
}

/**
 * One blog as the editor reads it (any state); `viewer` decides `mine` and `canEdit`. Moderators read others'
 * pending and published blogs, and (`justReviewed`) the one they just sent back to draft.
 */
export async function blogEdit(
  db: Db,
  id: number,
  viewer: Writer,
  publicUrl: string,
  justReviewed = false,
): Promise<BlogEdit> {
  const [row] = await selectSummaries(db, viewer.id, true).where(eq(blogs.id, id));
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  const own = row.blog.authorId === viewer.id;
  if (!own && !(isModerator(viewer) && (justReviewed || row.blog.status !== "draft")))
    throw forbidden(BLOG_MESSAGES.notYours);
  const images = await imagesOf(db, [id]);
  return {
    ...presentSummary(row),
    content: row.blog.content,
    contentHtml: await currentHtml(db, row.blog),
    url: `${publicUrl}/blogs/${row.blog.slug}`,
    images: images.map(presentImage),
    rejectionReason: row.blog.status === "draft" ? row.blog.rejectionReason : null,
    canEdit: own && (await mayWrite(db, viewer)),
  };
}

/** A published blog by its current or an earlier slug (GET /api/blogs/slug/{slug}). */
export async function blogBySlug(db: Db, slug: string, viewer: Viewer, publicUrl: string): Promise<Blog> {
  const published = and(eq(blogs.status, "published"));
  let [row] = await selectSummaries(db, viewer?.id ?? null, true).where(and(published, eq(blogs.slug, slug)));
  if (!row) {
    const old = db.select({ id: blogSlugs.blogId }).from(blogSlugs).where(eq(blogSlugs.slug, slug));
    [row] = await selectSummaries(db, viewer?.id ?? null, true).where(and(published, inArray(blogs.id, old)));
  }
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return {
    ...presentSummary(row),
    content: row.blog.content,
    contentHtml: await currentHtml(db, row.blog),
    url: `${publicUrl}/blogs/${row.blog.slug}`,
  };
}

/** POST /api/blogs: a draft of the caller (who needs has_access, or a staff role). */
export async function createBlog({ db, transaction }: DbAccess, user: Writer, input: BlogCreate): Promise<number> {
  if (!(await mayWrite(db, user))) throw forbidden(BLOG_MESSAGES.needsAccess);
  if (input.blogCategoryId && !(await categoryExists(db, input.blogCategoryId)))
    throw badRequest(BLOG_MESSAGES.categoryNotFound);
  const title = input.title?.trim() || UNTITLED;
  return transaction(async ({ db: tx }) => {
    const [row] = await tx
      .insert(blogs)
      .values({
        authorId: user.id,
        title,
        slug: `new-${crypto.randomUUID()}`,
        categoryId: input.blogCategoryId ?? null,
      })
      .returning({ id: blogs.id });
    await tx
      .update(blogs)
      .set({ slug: slugOf(title, row!.id) })
      .where(eq(blogs.id, row!.id));
    return row!.id;
  });
}

/** PUT /api/blogs/{id}: the whole text, rendered; a published blog's replaced slug is kept for redirects. */
export async function updateBlog(
  { db, transaction }: DbAccess,
  user: Writer,
  id: number,
  input: BlogUpdate,
): Promise<void> {
  const blog = await findBlog(db, id);
  await checkWriter(db, user, blog);
  if (input.blogCategoryId && !(await categoryExists(db, input.blogCategoryId)))
    throw badRequest(BLOG_MESSAGES.categoryNotFound);
  const contentHtml = await renderMarkdown(input.content, await knownImages(db, id));
  const tags = [...new Set(input.tags)];
  await transaction(async ({ db: tx }) => {
    const current = await findBlog(tx, id, true);
    const slug = slugOf(input.title, id);
    if (slug !== current.slug) {
      if (current.publishedAt)
        await tx.insert(blogSlugs).values({ slug: current.slug, blogId: id }).onConflictDoNothing();
      await tx.delete(blogSlugs).where(eq(blogSlugs.slug, slug));
    }
    await tx
      .update(blogs)
      .set({
        title: input.title,
        summary: input.summary,
        content: input.content,
        contentHtml,
        contentHtmlVersion: MARKDOWN_HTML_VERSION,
        categoryId: input.blogCategoryId,
        tags,
        slug,
        readingMinutes: readingMinutes(input.content),
        updatedAt: new Date(),
      })
      .where(eq(blogs.id, id));
  });
}

/** What publishing still needs, named for the message (empty: ready). */
function missingForPublish(blog: BlogRow): string[] {
  const missing: string[] = [];
  if (!blog.title.trim() || blog.title === UNTITLED) missing.push("a title");
  if (!blog.categoryId) missing.push("a category");
  if (plainText(blog.content, BLOG_CONTENT_LIMIT).length < BLOG_PUBLISH_MIN_CONTENT)
    missing.push(`at least ${BLOG_PUBLISH_MIN_CONTENT} characters of text`);
  return missing;
}
const BLOG_CONTENT_LIMIT = 1_000_000;

/**
 * PATCH …/publish: draft → pending (the staff are told: blog.submitted), or → published at once for a
 * moderator's or admin's own blog.
 */
export async function publishBlog({ db, transaction }: DbAccess, user: Writer, id: number): Promise<void> {
  const blog = await findBlog(db, id);
  await checkWriter(db, user, blog);
  if (blog.status === "pending") throw conflict(BLOG_MESSAGES.alreadyPending);
  if (blog.status === "published") throw conflict(BLOG_MESSAGES.alreadyPublished);
  const missing = missingForPublish(blog);
  if (missing.length > 0) throw badRequest(BLOG_MESSAGES.publishIncomplete(missing));
  const now = isModerator(user);
  await transaction(async ({ db: tx, publish }) => {
    const [done] = await tx
      .update(blogs)
      .set({
        status: now ? "published" : "pending",
        publishedAt: now ? sql`coalesce(${blogs.publishedAt}, now())` : undefined,
        rejectionReason: null,
        updatedAt: new Date(),
      })
      .where(and(eq(blogs.id, id), eq(blogs.status, "draft")))
      .returning({ id: blogs.id, title: blogs.title, authorId: blogs.authorId });
    if (!done) throw conflict(BLOG_MESSAGES.alreadyPending);
    if (!now) await publish("blog.submitted", { blogId: id, authorId: done.authorId, title: done.title });
  });
}

/** PATCH …/unpublish: pending or published → draft (the author, or a moderator); a pending one is withdrawn. */
export async function unpublishBlog({ db, transaction }: DbAccess, user: Writer, id: number): Promise<void> {
  const blog = await findBlog(db, id);
  if (blog.authorId !== user.id && !isModerator(user)) throw forbidden(BLOG_MESSAGES.notYours);
  await transaction(async ({ db: tx, publish }) => {
    const [before] = await tx
      .select({ status: blogs.status })
      .from(blogs)
      .where(and(eq(blogs.id, id), ne(blogs.status, "draft")))
      .for("update");
    if (!before) throw conflict(BLOG_MESSAGES.notPublic);
    await tx.update(blogs).set({ status: "draft", updatedAt: new Date() }).where(eq(blogs.id, id));
    if (before.status === "pending") await publish("blog.withdrawn", { blogId: id });
  });
}

/** PATCH …/approve and …/reject (moderators): only a pending blog, once; the author is notified. */
export async function reviewBlog(
  transaction: RunInTransaction,
  user: Writer,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  if (!isModerator(user)) throw forbidden(BLOG_MESSAGES.moderatorsOnly);
  await transaction(async ({ db: tx, publish }) => {
    const [row] = await tx
      .update(blogs)
      .set(
        decision.approve
          ? { status: "published", publishedAt: sql`coalesce(${blogs.publishedAt}, now())`, rejectionReason: null }
          : { status: "draft", rejectionReason: decision.reason },
      )
      .where(and(eq(blogs.id, id), eq(blogs.status, "pending")))
      .returning();
    if (!row) {
      await findBlog(tx, id);
      throw conflict(BLOG_MESSAGES.notPending);
    }
    if (decision.approve)
      await publish("blog.approved", { blogId: id, authorId: row.authorId, title: row.title, slug: row.slug });
    else
      await publish("blog.rejected", { blogId: id, authorId: row.authorId, title: row.title, reason: decision.reason });
  });
}

/** DELETE /api/blogs/{id} (the author or a moderator): its rows go; the storage keys to remove are answered. */
export async function deleteBlog({ db, transaction }: DbAccess, user: Writer, id: number): Promise<string[]> {
  const blog = await findBlog(db, id);
  if (blog.authorId !== user.id && !isModerator(user)) throw forbidden(BLOG_MESSAGES.notYours);
  return transaction(async ({ db: tx }) => {
    const keys = (await imagesOf(tx, [id])).flatMap((image) => image.variants.map((v) => v.key));
    await deleteBlogVotes(tx, [id]);
    await tx.update(blogs).set({ coverImageId: null }).where(eq(blogs.id, id));
    await tx.delete(blogs).where(eq(blogs.id, id));
    return keys;
  });
}

/** account.deleted (in its transaction): votes on the user's blogs and their views go; the image keys are answered. */
export async function deleteBlogsOf(tx: Db, userId: string): Promise<string[]> {
  const own = await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.authorId, userId));
  const ids = own.map((b) => b.id);
  const keys = (
    await tx
      .select({ variants: blogImages.variants })
      .from(blogImages)
      .where(or(eq(blogImages.userId, userId), ids.length ? inArray(blogImages.blogId, ids) : undefined))
  ).flatMap((image) => image.variants.map((v) => v.key));
  await deleteBlogVotes(tx, ids);
  await tx.delete(blogViews).where(eq(blogViews.viewer, `u:${userId}`));
  return keys;
}

const published = async (db: Db, id: number, lock = false) => {
  const blog = await findBlog(db, id, lock);
  if (blog.status !== "published") throw new AppError(409, BLOG_MESSAGES.notPublic);
  return blog;
};

/** POST …/vote?type=: one vote per user, changeable; the blog row is locked so its score follows every vote. */
export async function voteBlog(
  transaction: RunInTransaction,
  userId: string,
  id: number,
  type: BlogVoteType,
): Promise<BlogVotes> {
  return transaction(async ({ db: tx }) => {
    await published(tx, id, true);
    await castBlogVote(tx, { userId, blogId: id, value: type === "up" ? 1 : -1 });
    const score = await blogScore(tx, id);
    await tx.update(blogs).set({ score }).where(eq(blogs.id, id));
    const [row] = await selectSummaries(tx, userId).where(eq(blogs.id, id));
    return presentSummary(row!).votes;
  });
}

/** The UTC day a view counts in (`2031-03-14`): a viewer counts once per blog in it. */
export const viewDay = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The viewer's key for the day: the user, or an HMAC (key: the server secret) of the day and the address —
 * not the user agent, which the client chooses freely. The address is never stored, and its key changes daily.
 */
export function viewerKey(secret: string, day: string, viewer: { userId?: string; ip: string }) {
  if (viewer.userId) return `u:${viewer.userId}`;
  const hash = createHmac("sha256", secret).update(`${day}\n${viewer.ip}`).digest("base64url");
  return `a:${hash.slice(0, 27)}`;
}

/**
 * POST …/view: counted once per viewer per UTC day (the key of blog_views), also under concurrency and across
 * server instances; the author's own views never count.
 */
export async function viewBlog(
  db: Db,
  id: number,
  viewer: { key: string; userId?: string },
  day: string,
): Promise<BlogView> {
  const blog = await findBlog(db, id);
  if (blog.status !== "published") throw notFound(BLOG_MESSAGES.notFound);
  if (viewer.userId === blog.authorId) return { views: blog.views, counted: false };
  const counted = await db.execute(sql`
    with seen as (
      insert into ${blogViews} (blog_id, viewer, day) values (${id}, ${viewer.key}, ${day})
      on conflict do nothing returning 1
    )
    update ${blogs} set views = views + 1 where id = ${id} and exists (select 1 from seen) returning views`);
  const row = (counted as unknown as { rows: { views: number }[] }).rows[0];
  // Yesterday's keys are still needed (a view at 23:59 and the next at 00:01); older ones are not.
  if (row && Math.random() < 0.01) await db.delete(blogViews).where(lt(blogViews.day, sql`${day}::date - 1`));
  if (row) return { views: Number(row.views), counted: true };
  return { views: blog.views, counted: false };
}
