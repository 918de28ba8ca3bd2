import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { createDatabase } from "../../db/client.ts";
import { burst, listen, statusCounts } from "../../test/burst.ts";
import { createTestApp, createTestDatabase } from "../../test/test-app.ts";
import { createUser } from "../../test/users.ts";
import { notifications } from "../notifications/schema.ts";
import { blogs, blogViews } from "./schema.ts";
import { createAuthor, publishedBlog, writeBlog } from "./test-helpers.ts";

// Blogs' exactly-once rules under concurrency: one approval (and one notification), one view per viewer
// per day (also across instances), a score that follows every vote. PGlite serialises everything;
// PostgreSQL is the real test.

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

    it("counts one view of an anonymous address however many user agents it sends at once", async () => {
      const blog = await publishedBlog(app, author, moderator, { title: "View me once, anonymously" });
      const views = async () =>
        (await db.select({ views: blogs.views }).from(blogs).where(eq(blogs.id, blog.id)))[0]?.views;
      const before = await views();
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          fetch(`${base}/api/blogs/${blog.id}/view`, { method: "POST", headers: { "user-agent": `agent ${i}` } }),
        ),
      );
      const bodies = await Promise.all(results.map(async (r) => [r.status, await r.json()] as const));
      expect(bodies.filter(([status]) => status === 200)).toHaveLength(N);
      expect(bodies.filter(([, body]) => body.counted)).toHaveLength(1);
      expect(await views()).toBe(before! + 1);
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

/** Two app instances, each with its own pool, on one PostgreSQL database (and one secret, as deployed). */
function twoInstancesSuite() {
  describe("blog views on two instances of one database (postgres)", async () => {
    const shared = await createTestDatabase({ kind: "postgres" });
    const otherPool = createDatabase({ url: shared.url!, poolSize: 10 });
    afterAll(async () => {
      await otherPool.close();
      await shared.drop();
    });
    const env = { BETTER_AUTH_SECRET: randomBytes(32).toString("hex") };
    const a = await createTestApp({ env, database: shared.database });
    const b = await createTestApp({ env, database: otherPool });
    const bases = [await listen(a), await listen(b)];

    it("counts one view of an address whichever instance its concurrent requests reach", async () => {
      const blog = await publishedBlog(a, await createAuthor(a), await createAuthor(a, { moderator: true }));
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          fetch(`${bases[i % 2]}/api/blogs/${blog.id}/view`, {
            method: "POST",
            headers: { "user-agent": `agent ${i}` },
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { counted: boolean } })),
        ),
      );
      expect(statusCounts(results)).toEqual({ 200: N });
      expect(results.filter((r) => r.body.counted)).toHaveLength(1);
      const [row] = await otherPool.db.select({ views: blogs.views }).from(blogs).where(eq(blogs.id, blog.id));
      expect(row?.views).toBe(1);
    });
  });
}

raceSuite("pglite");
if (process.env.TEST_DATABASE_URL) {
  raceSuite("postgres");
  twoInstancesSuite();
}
