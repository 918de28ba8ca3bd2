import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect } from "vitest";
import type { App } from "../../app.ts";
import { setRoleCommand } from "../../cli/admin.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { setAccessGranted } from "../profiles/service.ts";
import { blogCategories } from "./schema.ts";

// Blogs' tests: authors with access, moderators, and a blog written and published in a few calls.

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const callAs = (app: App) => (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  app.inject({ method, url, headers: user?.headers ?? {}, payload: payload as object });

/** A user with has_access (admin-granted), optionally a moderator. */
export async function createAuthor(app: App, options: { displayName?: string; moderator?: boolean } = {}) {
  const user = await createUser(app, { displayName: options.displayName ?? "Ada Author" });
  await setAccessGranted(app.ctx.db, user.email, true);
  if (options.moderator)
    await setRoleCommand({ db: app.ctx.db, auth: app.ctx.auth }, { email: user.email, role: "moderator" });
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
