import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { blogs } from "./schema.ts";
import { createAuthor, writeBlog } from "./test-helpers.ts";

const migration = readFileSync(join(import.meta.dirname, "../../../drizzle/0026_blog-footnote-ids.sql"), "utf8");

describe("migration 0026: stored blog HTML with footnote ids prefixed twice", async () => {
  const app = await createTestApp();
  const { db } = app.ctx;

  it("mends the ids to what their links point at, and leaves other HTML alone", async () => {
    const author = await createAuthor(app);
    const blog = await writeBlog(app, author, { content: `${"Words ".repeat(40)}with a note.[^1]\n\n[^1]: The note.` });
    const [stored] = await db.select({ html: blogs.contentHtml }).from(blogs).where(eq(blogs.id, blog.id));
    const fresh = stored?.html ?? "";
    expect(fresh).toContain('id="user-content-fn-1"');
    const broken = fresh.replaceAll('id="user-content-', 'id="user-content-user-content-');
    await db.update(blogs).set({ contentHtml: broken }).where(eq(blogs.id, blog.id));
    const other = await writeBlog(app, author, { title: "No notes" });
    const [untouched] = await db.select({ html: blogs.contentHtml }).from(blogs).where(eq(blogs.id, other.id));

    await db.execute(sql.raw(migration));

    const [mended] = await db.select({ html: blogs.contentHtml }).from(blogs).where(eq(blogs.id, blog.id));
    expect(mended?.html).toBe(fresh);
    const [still] = await db.select({ html: blogs.contentHtml }).from(blogs).where(eq(blogs.id, other.id));
    expect(still?.html).toBe(untouched?.html);
  });
});
