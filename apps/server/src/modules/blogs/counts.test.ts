import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { blogCategories, blogViews } from "./schema.ts";
import { callAs, createAuthor, publishedBlog, writeBlog } from "./test-helpers.ts";
import { viewDay, viewerKey } from "./service.ts";

// What the blogs count: published blogs per category, and views (once per viewer per blog per UTC day; the
// address, not the user agent, is an anonymous viewer; the author's own views never count).

afterEach(() => {
  vi.useRealTimers();
});

describe("blog counts", async () => {
  const app = await createTestApp();
  const call = callAs(app);
  const author = await createAuthor(app);
  const moderator = await createAuthor(app, { displayName: "Mo Derator", moderator: true });

  it("counts each category's published blogs, and only those", async () => {
    const categories = await app.ctx.db
      .select({ id: blogCategories.id })
      .from(blogCategories)
      .orderBy(blogCategories.position, blogCategories.id);
    const [first, second] = categories.map((c) => c.id);
    await publishedBlog(app, author, moderator, { title: "One" });
    await publishedBlog(app, author, moderator, { title: "Two" });
    // A draft and a pending blog in the first category, and a published one moved to the second.
    await writeBlog(app, author, { title: "Draft" });
    const pending = await writeBlog(app, author, { title: "Pending" });
    expect((await call(author, "PATCH", `/api/blogs/${pending.id}/publish`)).statusCode).toBe(200);
    const moved = await publishedBlog(app, author, moderator, { title: "Moved" });
    const put = await call(author, "PUT", `/api/blogs/${moved.id}`, {
      title: "Moved",
      summary: "",
      content: "Moved to the second category, where it is the only published blog.",
      blogCategoryId: second,
      tags: [],
    });
    expect(put.statusCode, put.body).toBe(200);

    const listed = await call(null, "GET", "/api/blogs/categories");
    expect(listed.statusCode).toBe(200);
    const counts = Object.fromEntries(listed.json().map((c: { id: number; count: number }) => [c.id, c.count]));
    expect(counts).toEqual(
      Object.fromEntries(categories.map((c) => [c.id, c.id === first ? 2 : c.id === second ? 1 : 0])),
    );
    // The count is what the public list of that category counts.
    for (const id of [first, second]) {
      const page = await call(null, "GET", `/api/blogs?blogCategoryId=${id}`);
      expect(page.json().total).toBe(counts[id!]);
    }
  });

  describe("views", () => {
    let blog: { id: number; slug: string };
    beforeAll(async () => {
      blog = await publishedBlog(app, author, moderator, { title: "Count my views" });
    });
    const view = (user: TestUser | null, agent: string, remoteAddress = "203.0.113.7") =>
      app.inject({
        method: "POST",
        url: `/api/blogs/${blog.id}/view`,
        headers: { ...(user?.headers ?? {}), "user-agent": agent },
        remoteAddress,
      });
    const views = async () => (await call(null, "GET", `/api/blogs/slug/${blog.slug}`)).json().views as number;

    it("counts an address once a day whatever its user agent, stores no raw address, and again the next day", async () => {
      vi.setSystemTime(new Date("2031-03-14T10:00:00Z"));
      const before = await views();
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push((await view(null, `agent ${i}`)).json());
      expect(answers.filter((a) => a.counted)).toHaveLength(1);
      expect(await views()).toBe(before + 1);
      // Another address is another viewer.
      expect((await view(null, "agent 0", "198.51.100.4")).json().counted).toBe(true);
      expect(await views()).toBe(before + 2);
      const marks = await app.ctx.db.select().from(blogViews).where(eq(blogViews.blogId, blog.id));
      expect(marks).toHaveLength(2);
      for (const mark of marks) expect(mark.viewer).not.toMatch(/203\.0\.113\.7|198\.51\.100\.4/);

      // The next UTC day the same address counts again (once).
      vi.setSystemTime(new Date("2031-03-15T00:00:01Z"));
      expect((await view(null, "agent 0")).json().counted).toBe(true);
      expect((await view(null, "agent 1")).json().counted).toBe(false);
      expect(await views()).toBe(before + 3);
    });

    it("counts two signed-in users twice (each once), and the author's own views never", async () => {
      const before = await views();
      const [rita, sam] = [await createUser(app), await createUser(app)];
      // Same address and user agent: the user is the viewer.
      for (const user of [rita, sam, rita, sam]) await view(user, "same browser", "192.0.2.1");
      expect(await views()).toBe(before + 2);
      for (const agent of ["a", "b", "c"]) {
        const own = await view(author, agent, `192.0.2.${agent.charCodeAt(0)}`);
        expect(own.statusCode).toBe(200);
        expect(own.json()).toEqual({ views: before + 2, counted: false });
      }
      expect(await views()).toBe(before + 2);
    });
  });

  it("keys an anonymous viewer by a keyed hash of the address and the UTC day only", () => {
    const day = viewDay(new Date("2031-03-14T23:59:59Z"));
    expect(day).toBe("2031-03-14");
    expect(viewDay(new Date("2031-03-15T00:00:00Z"))).toBe("2031-03-15");
    const key = (ip: string, d = day, secret = "s") => viewerKey(secret, d, { ip });
    expect(key("203.0.113.7")).toBe(key("203.0.113.7"));
    expect(key("203.0.113.7")).not.toContain("203.0.113.7");
    expect(key("203.0.113.7")).not.toBe(key("203.0.113.8"));
    expect(key("203.0.113.7")).not.toBe(key("203.0.113.7", "2031-03-15"));
    expect(key("203.0.113.7")).not.toBe(key("203.0.113.7", day, "another secret"));
    expect(viewerKey("s", day, { userId: "u1", ip: "203.0.113.7" })).toBe("u:u1");
  });
});
