import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { callAs, createAuthor, multipart, photo, publishedBlog } from "./modules/blogs/test-helpers.ts";
import { createTestApp } from "./test/test-app.ts";

// A published blog's page as a link preview or crawler sees it: a plain HTTP client, no JavaScript.
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" />
    <meta name="description" content="NeonLab: hands-on technical learning." />
    <title>NeonLab</title></head><body><div id="root"></div></body></html>`;

describe("a blog's page for the world outside", async () => {
  const dist = mkdtempSync(join(tmpdir(), "neonlab-spa-blog-"));
  writeFileSync(join(dist, "index.html"), INDEX);
  mkdirSync(join(dist, "prerender"));
  writeFileSync(join(dist, "prerender", "routes.json"), JSON.stringify(["^/blogs/[^/]+$", "^/blogs$"]));
  const dataDir = mkdtempSync(join(tmpdir(), "neonlab-spa-blog-data-"));
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });
  const app = await createTestApp({ env: { WEB_DIST: dist, DATA_DIR: dataDir } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call = callAs(app);
  const author = await createAuthor(app, { displayName: "Ada <Author>" });
  const moderator = await createAuthor(app, { moderator: true });

  it("has the blog's title, description, canonical URL and Open Graph tags with the cover, in the HTML sent", async () => {
    const blog = await publishedBlog(app, author, moderator, {
      title: 'Ship it: "quotes" & <tags>',
      summary: "What a link preview shows.",
    });
    const body = multipart([{ name: "c.jpg", type: "image/jpeg", bytes: await photo(1800, 900, "jpeg") }]);
    const uploaded = await app.inject({
      method: "PATCH",
      url: `/api/blogs/${blog.id}/upload-cover`,
      payload: body.payload,
      headers: { ...body.headers, ...author.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const res = await fetch(`${origin}/blogs/${blog.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Ship it: &quot;quotes&quot; &amp; &lt;tags&gt; · NeonLab</title>");
    expect(html).toContain('<meta name="description" content="What a link preview shows." />');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/blogs/${blog.slug}" />`);
    expect(html).toContain('<meta property="og:title" content="Ship it: &quot;quotes&quot; &amp; &lt;tags&gt;" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(/^http:\/\/localhost:3000\/api\/blogs\/media\/.+-1600\.webp$/);
    const fetched = await fetch(`${origin}${new URL(image!).pathname}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("image/webp");
    expect(html.match(/<title>/g)).toHaveLength(1);

    // An earlier slug redirects to the current one; a draft or unknown slug is the not-found page.
    await call(author, "PUT", `/api/blogs/${blog.id}`, {
      title: "Shipped",
      summary: "",
      content: "x".repeat(80),
      blogCategoryId: null,
      tags: [],
    });
    const old = await fetch(`${origin}/blogs/${blog.slug}`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/blogs/shipped-${blog.id}`);
    expect((await fetch(`${origin}/blogs/no-such-blog-1`)).status).toBe(404);
    expect((await fetch(`${origin}/blogs`)).status).toBe(200);
  });
});
