import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect } from "vitest";
import type { App } from "../../app.ts";
import { setRoleCommand } from "../../cli/admin.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { setAccessGranted } from "../identity/profiles/service.ts";
import type { Db } from "../../db/client.ts";
import { blogCategories, blogImages, blogs } from "./schema.ts";

// Blogs' tests: authors with access, moderators, and a blog written and published in a few calls.

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const callAs = (app: App) => (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  app.inject({ method, url, headers: user?.headers ?? {}, payload: payload as object });

/** A user with has_access (admin-granted), optionally a moderator. */
export async function createAuthor(app: App, options: { displayName?: string; moderator?: boolean } = {}) {
  const user = await createUser(app, { displayName: options.displayName ?? "Ada Author" });
  await setAccessGranted(app.ctx.db, user.email, true);
  if (options.moderator)
    await setRoleCommand(
      { db: app.ctx.db, transaction: app.ctx.transaction, auth: await app.ctx.auth.ready() },
      { email: user.email, role: "moderator" },
    );
  return user;
}

export async function firstCategoryId(app: App): Promise<number> {
  const [row] = await app.ctx.db.select({ id: blogCategories.id }).from(blogCategories).limit(1);
  return row!.id;
}

export const LONG_TEXT =
  "TypeScript narrows union types when you check a discriminant property, and the editor follows along.";

/** A draft with its text saved; answers the editor's view of it. */
export async function writeBlog(
  app: App,
  author: TestUser,
  fields: { title?: string; content?: string; summary?: string; tags?: string[] } = {},
) {
  const call = callAs(app);
  const created = await call(author, "POST", "/api/blogs", {});
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const saved = await call(author, "PUT", `/api/blogs/${id}`, {
    title: fields.title ?? "Narrowing unions in TypeScript",
    summary: fields.summary ?? "How discriminants narrow.",
    content: fields.content ?? `${LONG_TEXT}\n\n\`\`\`ts\nconst x: number = 1;\n\`\`\`\n`,
    blogCategoryId: await firstCategoryId(app),
    tags: fields.tags ?? ["typescript"],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json() as { id: number; slug: string; status: string; contentHtml: string };
}

/** Written, sent for review and approved by `moderator`. */
export async function publishedBlog(app: App, author: TestUser, moderator: TestUser, fields = {}) {
  const call = callAs(app);
  const blog = await writeBlog(app, author, fields);
  expect((await call(author, "PATCH", `/api/blogs/${blog.id}/publish`)).statusCode).toBe(200);
  const approved = await call(moderator, "PATCH", `/api/blogs/${blog.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json() as { id: number; slug: string; status: string };
}

/** A multipart body with the given files (name, type as the client claims, bytes). */
export function multipart(files: { name: string; type: string; bytes: Buffer }[]) {
  const boundary = `----neonlab${randomUUID()}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
    ),
    f.bytes,
    Buffer.from("\r\n"),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export const photo = (width = 2000, height = 1200, format: "png" | "jpeg" | "gif" | "webp" = "png") =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 200, b: 120 } } })
    [format]()
    .toBuffer();

/**
 * Blogs for the OpenAPI fuzzer: the writer's drafts (complete, so publishing them succeeds), published blogs,
 * another user's pending blogs (to approve or reject), image rows; the ids and values per path and location.
 */
export async function fuzzBlogs(db: Db, users: { writerId: string; otherId: string }) {
  const categories = (await db.select({ id: blogCategories.id }).from(blogCategories)).map((c) => c.id);
  const make = async (authorId: string, status: "draft" | "pending" | "published", count: number) => {
    const rows = [];
    for (let i = 0; i < count; i++) {
      const [row] = await db
        .insert(blogs)
        .values({
          authorId,
          title: `Fuzz ${status} ${i}`,
          slug: `fuzz-${status}-${randomUUID()}`,
          content: LONG_TEXT,
          status,
          categoryId: categories[0],
          publishedAt: status === "published" ? new Date() : null,
        })
        .returning();
      rows.push(row!);
    }
    return rows;
  };
  // Separate sets per operation: one operation's successes (a publish, an unpublish) must not use up another's.
  const drafts = await make(users.writerId, "draft", 6);
  const toPublish = await make(users.writerId, "draft", 6);
  const toUnpublish = await make(users.writerId, "published", 6);
  const published = await make(users.writerId, "published", 6);
  const pending = await make(users.otherId, "pending", 12);
  const variant = () => ({ width: 480, height: 320, key: `blogs/${randomUUID()}-480.webp`, bytes: 1 });
  const images = await db
    .insert(blogImages)
    .values(toPublish.map((b) => ({ blogId: b.id, userId: users.writerId, bytes: 1, variants: [variant()] })))
    .returning();
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    idHints: {
      "/api/blogs/{id}": ids(drafts),
      "/api/blogs/{id}/edit": ids(drafts),
      "/api/blogs/{id}/publish": ids(toPublish),
      "/api/blogs/{id}/unpublish": ids(toUnpublish),
      "/api/blogs/{id}/approve": ids(pending.slice(0, 6)),
      "/api/blogs/{id}/reject": ids(pending.slice(6)),
      "/api/blogs/{id}/vote": ids(published),
      "/api/blogs/{id}/view": ids(published),
      "/api/blogs/{id}/upload-cover": ids(drafts),
      "/api/blogs/{id}/upload-images": ids(drafts),
    } as Record<string, number[]>,
    hints: {
      "/api/blogs/slug/{slug} path.slug": published.map((b) => b.slug),
      "path.imageId": ids(images),
      "query.blogCategoryId": categories,
      "body.blogCategoryId": [...categories, null],
    } as Record<string, unknown[]>,
  };
}
