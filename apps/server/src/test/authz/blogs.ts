import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { BlogStatus } from "@neonlab/shared/schemas/blogs";
import type { Db } from "../../db/client.ts";
import type { DbAccess } from "../../transaction.ts";
import { type Actor, EXPECT, type Expect, jsonOf, type MatrixContext, type RouteEntry } from "./types.ts";
import { users } from "../../modules/identity/accounts/schema.ts";
import { createProfile } from "../../modules/identity/profiles/service.ts";
import { blogCategories, blogImages, blogs } from "../../modules/blogs/schema.ts";
import { getPreferences, savePreferences } from "../../modules/notifications/service.ts";

const { all, signedIn, moderatorOnly } = EXPECT;

// The blogs' rows. Moderators act on blogs of a fresh author (never a matrix user, whose rows must not change:
// an approval notifies its author); authors act on their own blog, made for each actor (anonymous: a stranger's).

const TEXT = "A blog for the authorization matrix, long enough to be published: it says very little at length.";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function stranger({ db, transaction }: DbAccess) {
  const id = randomUUID();
  await db.insert(users).values({ id, name: "Blog Stranger", email: `${id}@example.test`, emailVerified: true });
  await createProfile(transaction, { id, name: "Blog Stranger", email: `${id}@example.test` });
  return id;
}

async function blogOf(db: Db, authorId: string, status: BlogStatus) {
  const [category] = await db.select({ id: blogCategories.id }).from(blogCategories).limit(1);
  const [row] = await db
    .insert(blogs)
    .values({
      authorId,
      title: "Matrix blog",
      slug: `matrix-blog-${randomUUID()}`,
      content: TEXT,
      status,
      categoryId: category!.id,
      publishedAt: status === "published" ? new Date() : null,
    })
    .returning();
  return row!;
}

/** A blog of a fresh author in `status`. */
const strangers = (status: BlogStatus) => async (ctx: MatrixContext) =>
  blogOf(ctx.app.ctx.db, await stranger(ctx.app.ctx), status);
/** The actor's own blog in `status` (anonymous: a stranger's). */
const owns = (status: BlogStatus) => async (ctx: MatrixContext, actor: Actor) =>
  blogOf(ctx.app.ctx.db, actor === "anonymous" ? await stranger(ctx.app.ctx) : ctx.users[actor].id, status);

/**
 * A blog sent for review notifies every staff account, the matrix's moderator and admin among them, whose rows
 * must not change: they have that kind switched off here (blogs/review-notices.test.ts checks the notices).
 */
async function staffHearNothingOfReviews(ctx: MatrixContext) {
  const db = ctx.app.ctx.db;
  for (const actor of ["moderator", "admin"] as const) {
    const userId = ctx.users[actor].id;
    const prefs = await getPreferences(db, userId);
    if (!prefs.disabled.includes("blog_submitted"))
      await savePreferences(db, userId, { ...prefs, disabled: [...prefs.disabled, "blog_submitted"] });
  }
}

/** Writing needs has_access or a staff role: the paying subscriber, the moderator (no Pro) and the admin. */
const writers = (status: number): Expect => ({
  ...all(403),
  anonymous: 401,
  paying: status,
  moderator: status,
  admin: status,
});
/** Every signed-in caller on their own blog. */
const owners = signedIn;

const multipart = () => {
  const boundary = `----matrix${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
};

type Blog = typeof blogs.$inferSelect;

const row = (
  method: RouteEntry["method"],
  url: string,
  access: RouteEntry["access"],
  cases: RouteEntry["cases"],
  note?: string,
): RouteEntry => ({ method, url, access, cases, ...(note ? { note } : {}) });

/** Authorization matrix rows of the blogs module (test/authz-matrix.ts). */
export const BLOG_ROUTES: RouteEntry[] = [
  row("GET", "/api/blogs", "optional", [
    { name: "published blogs", request: () => ({ method: "GET", url: "/api/blogs?sort=top" }), expect: all(200) },
    {
      name: "pending blogs: moderators see all, others their own",
      setup: strangers("pending"),
      request: () => ({ method: "GET", url: "/api/blogs?status=pending" }),
      expect: signedIn(200),
      check: (_ctx, actor, res, blog: Blog) => {
        const ids = (jsonOf(res).items as { id: number }[]).map((b) => b.id);
        expect(ids.includes(blog.id)).toBe(actor === "moderator" || actor === "admin");
      },
    },
  ]),
  row("GET", "/api/blogs/categories", "public", [
    { name: "categories", request: () => ({ method: "GET", url: "/api/blogs/categories" }), expect: all(200) },
  ]),
  row("GET", "/api/blogs/my-blogs", "user", [
    {
      name: "own blogs only",
      setup: owns("draft"),
      request: () => ({ method: "GET", url: "/api/blogs/my-blogs" }),
      expect: signedIn(200),
      check: (ctx, actor, res) => {
        const items = jsonOf(res).items as { author: { id: string } }[];
        for (const b of items) expect(b.author.id).toBe(ctx.users[actor as Exclude<Actor, "anonymous">].id);
      },
    },
  ]),
  row("GET", "/api/blogs/pending", "moderator", [
    { name: "review queue", request: () => ({ method: "GET", url: "/api/blogs/pending" }), expect: moderatorOnly(200) },
  ]),
  row("GET", "/api/blogs/slug/:slug", "optional", [
    {
      name: "a published blog",
      setup: strangers("published"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "GET", url: `/api/blogs/slug/${blog.slug}` }),
      expect: all(200),
    },
    {
      name: "a draft is not public",
      setup: strangers("draft"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "GET", url: `/api/blogs/slug/${blog.slug}` }),
      expect: all(404),
    },
  ]),
  row("GET", "/api/blogs/:id/edit", "user", [
    {
      name: "own draft",
      setup: owns("draft"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "GET", url: `/api/blogs/${blog.id}/edit` }),
      expect: owners(200),
    },
    {
      name: "someone's pending blog: moderators review it",
      setup: strangers("pending"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "GET", url: `/api/blogs/${blog.id}/edit` }),
      expect: moderatorOnly(200),
    },
    {
      name: "someone's draft: private",
      setup: strangers("draft"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "GET", url: `/api/blogs/${blog.id}/edit` }),
      expect: { ...all(403), anonymous: 401 },
    },
  ]),
  row("POST", "/api/blogs", "user", [
    {
      name: "start a draft (has_access or staff)",
      request: () => ({ method: "POST", url: "/api/blogs", payload: {} }),
      expect: writers(201),
    },
  ]),
  row("PUT", "/api/blogs/:id", "user", [
    {
      name: "save own draft (has_access or staff)",
      setup: owns("draft"),
      request: (_ctx, _actor, blog: Blog) => ({
        method: "PUT",
        url: `/api/blogs/${blog.id}`,
        payload: { title: "Saved", summary: "", content: TEXT, blogCategoryId: null, tags: [] },
      }),
      expect: writers(200),
    },
    {
      name: "someone's blog",
      setup: strangers("draft"),
      request: (_ctx, _actor, blog: Blog) => ({
        method: "PUT",
        url: `/api/blogs/${blog.id}`,
        payload: { title: "Hijacked", summary: "", content: TEXT, blogCategoryId: null, tags: [] },
      }),
      expect: { ...all(403), anonymous: 401 },
    },
  ]),
  row("PATCH", "/api/blogs/:id/publish", "user", [
    {
      name: "send own draft for review (has_access or staff)",
      setup: async (ctx, actor) => {
        await staffHearNothingOfReviews(ctx);
        return owns("draft")(ctx, actor);
      },
      request: (_ctx, _actor, blog: Blog) => ({ method: "PATCH", url: `/api/blogs/${blog.id}/publish` }),
      expect: writers(200),
    },
  ]),
  row(
    "PATCH",
    "/api/blogs/:id/unpublish",
    "user",
    [
      {
        name: "own published blog",
        setup: owns("published"),
        request: (_ctx, _actor, blog: Blog) => ({ method: "PATCH", url: `/api/blogs/${blog.id}/unpublish` }),
        expect: owners(200),
      },
      {
        name: "someone's published blog: moderators",
        setup: strangers("published"),
        request: (_ctx, _actor, blog: Blog) => ({ method: "PATCH", url: `/api/blogs/${blog.id}/unpublish` }),
        expect: moderatorOnly(200),
      },
    ],
    "The author (access not needed to take a blog down) or a moderator.",
  ),
  ...(["approve", "reject"] as const).map((action) =>
    row("PATCH", `/api/blogs/:id/${action}`, "moderator", [
      {
        name: `${action} a pending blog`,
        setup: strangers("pending"),
        request: (_ctx: MatrixContext, _actor: Actor, blog: Blog) => ({
          method: "PATCH" as const,
          url: `/api/blogs/${blog.id}/${action}`,
          ...(action === "reject" ? { payload: { reason: "Not quite ready for the front page." } } : {}),
        }),
        expect: moderatorOnly(200),
      },
    ]),
  ),
  row("DELETE", "/api/blogs/:id", "user", [
    {
      name: "own blog",
      setup: owns("draft"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "DELETE", url: `/api/blogs/${blog.id}` }),
      expect: owners(200),
    },
    {
      name: "someone's blog: moderators",
      setup: strangers("published"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "DELETE", url: `/api/blogs/${blog.id}` }),
      expect: moderatorOnly(200),
    },
  ]),
  ...(["cover", "images"] as const).map((what) =>
    row("PATCH", `/api/blogs/:id/upload-${what}`, "user", [
      {
        name: `upload ${what} to own blog (has_access or staff)`,
        setup: owns("draft"),
        request: (_ctx: MatrixContext, _actor: Actor, blog: Blog) => ({
          method: "PATCH" as const,
          url: `/api/blogs/${blog.id}/upload-${what}`,
          ...multipart(),
        }),
        expect: writers(200),
      },
    ]),
  ),
  row("DELETE", "/api/blogs/images/:imageId", "user", [
    {
      name: "an image of own blog (has_access or staff)",
      setup: async (ctx, actor) => {
        const blog = await owns("draft")(ctx, actor);
        const [image] = await ctx.app.ctx.db
          .insert(blogImages)
          .values({ blogId: blog.id, userId: blog.authorId, bytes: 0, variants: [] })
          .returning();
        return image!;
      },
      request: (_ctx, _actor, image: { id: number }) => ({ method: "DELETE", url: `/api/blogs/images/${image.id}` }),
      expect: writers(200),
    },
  ]),
  row("GET", "/api/blogs/media/:name", "public", [
    {
      name: "an image that is not there",
      request: () => ({ method: "GET", url: `/api/blogs/media/${randomUUID()}-480.webp` }),
      expect: all(404),
    },
  ]),
  row("POST", "/api/blogs/:id/vote", "user", [
    {
      name: "vote a published blog up",
      setup: strangers("published"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "POST", url: `/api/blogs/${blog.id}/vote?type=up` }),
      expect: signedIn(200),
      check: (_ctx, _actor, res) => expect(jsonOf(res)).toMatchObject({ up: 1, mine: "up" }),
    },
  ]),
  row("POST", "/api/blogs/:id/view", "optional", [
    {
      name: "count a view",
      setup: strangers("published"),
      request: (_ctx, _actor, blog: Blog) => ({ method: "POST", url: `/api/blogs/${blog.id}/view` }),
      expect: all(200),
      check: (_ctx, _actor, res) => expect(jsonOf(res)).toMatchObject({ views: 1, counted: true }),
    },
  ]),
];
