import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { burst, listen, statusCounts } from "../../test/burst.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser } from "../../test/users.ts";
import { notifications } from "../notifications/schema.ts";
import { blogs, blogViews } from "./schema.ts";
import { createAuthor, publishedBlog, writeBlog } from "./test-helpers.ts";

// Blogs' exactly-once rules under concurrency: one approval (and one notification), one view per viewer
// per day, a score that follows every vote. PGlite serialises everything; PostgreSQL is the real test.

const N = 30;

function raceSuite(kind: "pglite" | "postgres") {
  describe(`blogs under ${N} concurrent requests (${kind})`, async () => {
    const app: App = await createTestApp({ kind });
    const base = await listen(app);
    const db = app.ctx.db;
    const author = await createAuthor(app);
    const moderator = await createAuthor(app, { moderator: true });

    it("approves a pending blog once: one 200, the rest 409, one notification", async () => {
      const blog = await writeBlog(app, author, { title: "Approve me once" });
      expect(
        (await app.inject({ method: "PATCH", url: `/api/blogs/${blog.id}/publish`, headers: author.headers }))
          .statusCode,
      ).toBe(200);
      const results = await burst(base, moderator, "PATCH", Array(N).fill(`/api/blogs/${blog.id}/approve`));
      expect(statusCounts(results)).toEqual({ 200: 1, 409: N - 1 });
      const sent = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, author.id), eq(notifications.kind, "blog_approved")));
      expect(sent).toHaveLength(1);
    });

    it("counts one view per viewer per day however many arrive at once", async () => {
      const blog = await publishedBlog(app, author, moderator, { title: "View me once" });
      const reader = await createUser(app);
      const results = await burst(base, reader, "POST", Array(N).fill(`/api/blogs/${blog.id}/view`));
      expect(statusCounts(results)).toEqual({ 200: N });
      expect(results.filter((r) => (r.body as { counted: boolean }).counted)).toHaveLength(1);
      const [row] = await db.select({ views: blogs.views }).from(blogs).where(eq(blogs.id, blog.id));
      expect(row?.views).toBe(1);
      expect(await db.select().from(blogViews).where(eq(blogViews.blogId, blog.id))).toHaveLength(1);
    });

    it("keeps the score equal to the votes under concurrent votes of many users", async () => {
      const blog = await publishedBlog(app, author, moderator, { title: "Vote on me at once" });
      const voters = await Promise.all(Array.from({ length: 8 }, () => createUser(app)));
      const results = await Promise.all(
        voters.flatMap((v, i) =>
          ["up", i % 2 ? "down" : "up", "up"].map((type) =>
            fetch(`${base}/api/blogs/${blog.id}/vote?type=${type}`, { method: "POST", headers: v.headers }),
          ),
        ),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const read = await app.inject(`/api/blogs/slug/${blog.slug}`);
      const votes = read.json().votes as { up: number; down: number; score: number };
      const [row] = await db.select({ score: blogs.score }).from(blogs).where(eq(blogs.id, blog.id));
      expect(votes.up + votes.down).toBe(8);
      expect(row?.score).toBe(votes.up - votes.down);
    });
  });
}

raceSuite("pglite");
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
