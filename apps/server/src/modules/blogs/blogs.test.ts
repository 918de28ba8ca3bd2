import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MARKDOWN_HTML_VERSION } from "@neonlab/shared/markdown/version";
import { BLOG_MESSAGES } from "@neonlab/shared/schemas/blogs";
import { createTestApp } from "../../test/test-app.ts";
import { createUser } from "../../test/users.ts";
import { notifications } from "../notifications/schema.ts";
import { blogs } from "./schema.ts";
import { callAs, createAuthor, firstCategoryId, LONG_TEXT, publishedBlog, writeBlog } from "./test-helpers.ts";

// Blogs (spec §7 blogs/*; product rules "Blogs"): states, review, slugs, reading, votes, views, lists.

describe("blogs", async () => {
  const app = await createTestApp();
  const call = callAs(app);
  const author = await createAuthor(app);
  const moderator = await createAuthor(app, { displayName: "Mo Derator", moderator: true });
  const reader = await createUser(app, { displayName: "Rita Reader" });

  it("needs has_access to write; renders the markdown sanitised with highlighted code on every save", async () => {
    const refused = await call(reader, "POST", "/api/blogs", {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOG_MESSAGES.needsAccess);
    expect((await call(null, "POST", "/api/blogs", {})).statusCode).toBe(401);

    const blog = await writeBlog(app, author, {
      content: `${LONG_TEXT}\n\n<script>alert(1)</script>\n\n\`\`\`ts\nconst answer: number = 42;\n\`\`\`\n`,
    });
    expect(blog.status).toBe("draft");
    expect(blog.slug).toBe(`narrowing-unions-in-typescript-${blog.id}`);
    expect(blog.contentHtml).not.toContain("<script");
    expect(blog.contentHtml).toContain('<pre tabindex="0" data-lang="ts"><code class="hljs language-typescript">');
    expect(blog.contentHtml).toContain('<span class="hljs-keyword">const</span>');

    // Another author's blog, and a reader editing it: refused, nothing changed.
    const other = await createAuthor(app, { displayName: "Otto Other" });
    const put = (user: typeof other) =>
      call(user, "PUT", `/api/blogs/${blog.id}`, {
        title: "Hijacked",
        summary: "",
        content: "x",
        blogCategoryId: null,
        tags: [],
      });
    expect((await put(other)).json().message).toBe(BLOG_MESSAGES.notYours);
    expect((await put(reader)).statusCode).toBe(403);
    const unknownCategory = await call(author, "PUT", `/api/blogs/${blog.id}`, {
      title: "T",
      summary: "",
      content: "x",
      blogCategoryId: 99999,
      tags: [],
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toBe(BLOG_MESSAGES.categoryNotFound);
    const edit = await call(author, "GET", `/api/blogs/${blog.id}/edit`);
    expect(edit.json()).toMatchObject({ title: "Narrowing unions in TypeScript", canEdit: true });
    expect((await call(other, "GET", `/api/blogs/${blog.id}/edit`)).statusCode).toBe(403);
  });

  it("renders HTML kept by an older pipeline again when the blog is read, and keeps the new HTML", async () => {
    const writer = await createAuthor(app, { displayName: "Vera Version" });
    const blog = await publishedBlog(app, writer, moderator);
    const fresh = (await call(null, "GET", `/api/blogs/slug/${blog.slug}`)).json().contentHtml as string;
    const shiki = '<pre class="shiki github-light" style="--shiki-light-bg:#fff"><code><span>const</span></code></pre>';
    const stored = async () =>
      (
        await app.ctx.db
          .select({ html: blogs.contentHtml, version: blogs.contentHtmlVersion })
          .from(blogs)
          .where(eq(blogs.id, blog.id))
      )[0];
    for (const path of [`/api/blogs/slug/${blog.slug}`, `/api/blogs/${blog.id}/edit`]) {
      await app.ctx.db.update(blogs).set({ contentHtml: shiki, contentHtmlVersion: 0 }).where(eq(blogs.id, blog.id));
      const read = await call(writer, "GET", path);
      expect(read.json().contentHtml, path).toBe(fresh);
      expect(await stored()).toEqual({ html: fresh, version: MARKDOWN_HTML_VERSION });
    }
    // HTML of the current pipeline is served as stored.
    await app.ctx.db.update(blogs).set({ contentHtml: "<p>kept</p>" }).where(eq(blogs.id, blog.id));
    expect((await call(null, "GET", `/api/blogs/slug/${blog.slug}`)).json().contentHtml).toBe("<p>kept</p>");
  });

  it("goes draft → pending → published by a moderator, who can also reject with a reason; the author is notified", async () => {
    const blog = await writeBlog(app, author, { title: "Review me" });
    const incomplete = await writeBlog(app, author, { content: "short" });
    const refused = await call(author, "PATCH", `/api/blogs/${incomplete.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("at least 50 characters of text");

    const sent = await call(author, "PATCH", `/api/blogs/${blog.id}/publish`);
    expect(sent.json().status).toBe("pending");
    expect((await call(author, "PATCH", `/api/blogs/${blog.id}/publish`)).statusCode).toBe(409);
    expect((await call(reader, "GET", `/api/blogs/slug/${blog.slug}`)).statusCode).toBe(404);
    const queue = await call(moderator, "GET", "/api/blogs/pending");
    expect(queue.json().items.map((b: { id: number }) => b.id)).toContain(blog.id);
    expect((await call(author, "GET", "/api/blogs/pending")).statusCode).toBe(403);
    expect((await call(author, "PATCH", `/api/blogs/${blog.id}/approve`)).json().message).toBe(
      BLOG_MESSAGES.moderatorsOnly,
    );

    const rejected = await call(moderator, "PATCH", `/api/blogs/${blog.id}/reject`, {
      reason: "Please add an example of the narrowing.",
    });
    expect(rejected.json()).toMatchObject({
      status: "draft",
      rejectionReason: "Please add an example of the narrowing.",
    });
    expect((await call(moderator, "PATCH", `/api/blogs/${blog.id}/approve`)).json().message).toBe(
      BLOG_MESSAGES.notPending,
    );
    await call(author, "PATCH", `/api/blogs/${blog.id}/publish`);
    const approved = await call(moderator, "PATCH", `/api/blogs/${blog.id}/approve`);
    expect(approved.json()).toMatchObject({ status: "published", rejectionReason: null });
    expect(approved.json().publishedAt).toBeTruthy();

    const kinds = (await app.ctx.db.select().from(notifications)).filter((n) => n.userId === author.id);
    expect(kinds.map((n) => n.kind).sort()).toEqual(["blog_approved", "blog_rejected"]);
    expect(kinds.find((n) => n.kind === "blog_rejected")?.data).toMatchObject({
      reason: "Please add an example of the narrowing.",
    });

    // A moderator's own publish is immediate; unpublish takes it back to draft.
    const own = await writeBlog(app, moderator, { title: "Moderator notes" });
    expect((await call(moderator, "PATCH", `/api/blogs/${own.id}/publish`)).json().status).toBe("published");
    expect((await call(moderator, "PATCH", `/api/blogs/${own.id}/unpublish`)).json().status).toBe("draft");
    expect((await call(moderator, "PATCH", `/api/blogs/${own.id}/unpublish`)).statusCode).toBe(409);
  });

  it("keeps old slugs working after a published blog's title changes", async () => {
    const blog = await publishedBlog(app, author, moderator, { title: "First title" });
    const renamed = await call(author, "PUT", `/api/blogs/${blog.id}`, {
      title: "Second title",
      summary: "",
      content: LONG_TEXT,
      blogCategoryId: await firstCategoryId(app),
      tags: [],
    });
    expect(renamed.json()).toMatchObject({ slug: `second-title-${blog.id}`, status: "published" });
    const old = await call(null, "GET", `/api/blogs/slug/${blog.slug}`);
    expect(old.statusCode).toBe(200);
    expect(old.json().slug).toBe(`second-title-${blog.id}`);
    expect((await call(null, "GET", `/api/blogs/slug/second-title-${blog.id}`)).json().id).toBe(blog.id);
  });

  it("lists with search, category, dates, sort and pages; refuses from after to and unknown categories", async () => {
    await publishedBlog(app, author, moderator, {
      title: "Quokkas and generics",
      content: `${LONG_TEXT} The quokka is a happy marsupial that likes generic constraints.`,
    });
    const found = await call(null, "GET", "/api/blogs?search=quokka");
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((b: { title: string }) => b.title)).toEqual(["Quokkas and generics"]);
    expect((await call(null, "GET", "/api/blogs?search=marsupials")).json().total).toBe(1);
    expect((await call(null, "GET", "/api/blogs?search=zebra")).json().total).toBe(0);

    const bad = await call(null, "GET", "/api/blogs?from=2026-02-01&to=2026-01-01");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BLOG_MESSAGES.fromAfterTo);
    expect((await call(null, "GET", "/api/blogs?blogCategoryId=99999")).json().message).toBe(
      BLOG_MESSAGES.categoryNotFound,
    );
    expect((await call(null, "GET", "/api/blogs?sort=oldest")).statusCode).toBe(400);
    expect((await call(null, "GET", "/api/blogs?status=pending")).statusCode).toBe(401);
    const today = new Date().toISOString().slice(0, 10);
    const all = await call(
      null,
      "GET",
      `/api/blogs?from=${today}&to=${today}&sort=top&blogCategoryId=${await firstCategoryId(app)}`,
    );
    expect(all.json().total).toBeGreaterThanOrEqual(2);
    expect((await call(null, "GET", "/api/blogs?from=2000-01-01&to=2000-01-02")).json().total).toBe(0);

    const mine = await call(author, "GET", "/api/blogs/my-blogs");
    expect(mine.json().counts.all).toBe(
      mine.json().counts.draft + mine.json().counts.pending + mine.json().counts.published,
    );
    const categories = await call(null, "GET", "/api/blogs/categories");
    expect(categories.json().length).toBeGreaterThanOrEqual(6);
  });

  it("votes once per user (changeable) and counts a view once per viewer per day", async () => {
    const blog = await publishedBlog(app, author, moderator, { title: "Vote on me" });
    const up = await call(reader, "POST", `/api/blogs/${blog.id}/vote?type=up`);
    expect(up.json()).toEqual({ up: 1, down: 0, score: 1, mine: "up" });
    expect((await call(reader, "POST", `/api/blogs/${blog.id}/vote?type=up`)).json().up).toBe(1);
    expect((await call(reader, "POST", `/api/blogs/${blog.id}/vote?type=down`)).json()).toEqual({
      up: 0,
      down: 1,
      score: -1,
      mine: "down",
    });
    expect((await call(reader, "POST", `/api/blogs/${blog.id}/vote?type=sideways`)).statusCode).toBe(400);
    expect((await call(null, "POST", `/api/blogs/${blog.id}/vote?type=up`)).statusCode).toBe(401);

    const view = (user: typeof reader | null, agent = "test-agent") =>
      app.inject({
        method: "POST",
        url: `/api/blogs/${blog.id}/view`,
        headers: { ...(user?.headers ?? {}), "user-agent": agent },
      });
    expect((await view(reader)).json()).toEqual({ views: 1, counted: true });
    expect((await view(reader)).json()).toEqual({ views: 1, counted: false });
    expect((await view(null)).json()).toEqual({ views: 2, counted: true });
    expect((await view(null)).json().counted).toBe(false);
    // The same address with another user agent is the same viewer.
    expect((await view(null, "another browser")).json()).toEqual({ views: 2, counted: false });
    const draft = await writeBlog(app, author);
    expect((await call(null, "POST", `/api/blogs/${draft.id}/view`)).statusCode).toBe(404);
    expect((await call(reader, "POST", `/api/blogs/${draft.id}/vote?type=up`)).statusCode).toBe(409);
    const read = await call(reader, "GET", `/api/blogs/slug/${blog.slug}`);
    expect(read.json()).toMatchObject({
      views: 2,
      votes: { mine: "down" },
      url: `http://localhost:3000/blogs/${blog.slug}`,
    });
  });

  it("deletes a blog (author or moderator only)", async () => {
    const blog = await writeBlog(app, author);
    expect((await call(reader, "DELETE", `/api/blogs/${blog.id}`)).statusCode).toBe(403);
    expect((await call(author, "DELETE", `/api/blogs/${blog.id}`)).statusCode).toBe(200);
    expect((await call(author, "GET", `/api/blogs/${blog.id}/edit`)).statusCode).toBe(404);
  });

  it("serves an Atom feed and a sitemap of published blogs", async () => {
    const blog = await publishedBlog(app, author, moderator, { title: "Feed <me> & more" });
    const feed = await app.inject("/blogs/feed.xml");
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("application/atom+xml");
    expect(feed.body).toContain("Feed &lt;me&gt; &amp; more");
    const index = await app.inject("/blogs/sitemap.xml");
    expect(index.body).toContain("/blogs/sitemap-1.xml");
    const map = await app.inject("/blogs/sitemap-1.xml");
    expect(map.statusCode, map.body).toBe(200);
    expect(map.body).toContain(`http://localhost:3000/blogs/${blog.slug}`);
  });
});
