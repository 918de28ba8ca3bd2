import type { BlogEdit } from "@neonlab/shared/schemas/blogs";
import { expect, type Page, test } from "@playwright/test";
import { type ColorScheme, prepareApp } from "./helpers/app.ts";
import { blogViaApi, moderatorHeaders, proUser } from "./helpers/blogs.ts";
import { expectNoAxeViolations } from "./helpers/dialogs.ts";
import { lookAt, saveScreenshot } from "./helpers/screenshots.ts";
import { signInContext } from "./helpers/session.ts";

// Blogs at 375 and 1280 px in both colour modes: the list, a blog, the editor, My blogs with the
// moderators' queue. The pictures are kept in e2e/screenshots/ for people to look at.

const TEXT = `Autosave, a preview that matches the published page, and a markdown file you can take anywhere.

## What the editor keeps

- **Markdown** as the source: portable, diffable, exportable
- Code blocks with a language, highlighted by the server
- Images re-encoded to WebP at three widths

> A blog is a letter to the next person who hits the same bug.

\`\`\`typescript
export async function handler(request: Request): Promise<Response> {
  const { searchParams } = new URL(request.url);
  const name = searchParams.get("name") ?? "world"; // a friendly default
  return new Response(\`hello \${name}\`, { status: 200 });
}
\`\`\`

Read more in the [MDN docs](https://developer.mozilla.org/) and keep \`inline code\` short.
`;

let blogs: BlogEdit[] = [];
let pending: BlogEdit | undefined;
let token = "";

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const admin = await moderatorHeaders();
  token = admin.token;
  const specs: [string, string, [string, string] | undefined, string][] = [
    [
      "Writing a blog editor that stores markdown",
      "Why the source stays markdown, and how the preview matches the page.",
      ["#00b37a", "#1d2b64"],
      "typescript",
    ],
    [
      "CSS grid for people who hate CSS grid",
      "Three layouts you can copy, and why they hold at 375 px.",
      ["#ff2bd6", "#3a0ca3"],
      "css",
    ],
    ["Reading a stack trace without panic", "", undefined, "debugging"],
    [
      "Shipping a tiny web server in forty lines",
      "No framework, no magic: node:http and a router you can read in one sitting.",
      ["#00e5ff", "#005f73"],
      "node",
    ],
  ];
  blogs = [];
  for (const [title, summary, cover, tag] of specs) {
    blogs.push(await blogViaApi(request, admin.headers, { title, summary, content: TEXT, cover, tags: [tag, "web"] }));
  }
  // One blog waiting for review, from a Pro author, for the moderators' queue.
  const author = await proUser(request, "Grace Author");
  pending = await blogViaApi(request, author.headers, {
    title: "Notes from my first open-source pull request",
    summary: "What reviewers asked for, and what I would do differently.",
    content: TEXT,
    cover: ["#ffb703", "#fb5607"],
  });
});

async function signedInPage(browser: import("@playwright/test").Browser, width: number, scheme: ColorScheme) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  await signInContext(context, token);
  const page = await context.newPage();
  await prepareApp(page, { scheme });
  return { context, page };
}

const axe = (page: Page) => () => expectNoAxeViolations(page, "main");

for (const scheme of ["dark", "light"] as ColorScheme[]) {
  for (const width of [375, 1280]) {
    test(`blogs look right (${scheme}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(90_000);
      expect(pending?.status).toBe("pending");
      const { context, page } = await signedInPage(browser, width, scheme);
      const chrome = { header: true, footer: true };
      await lookAt(
        page,
        { name: "list", path: "/blogs", ready: "[data-blog-list]", chrome },
        `blogs-list-${scheme}-${width}`,
        axe(page),
      );
      const post = blogs[0]!;
      await lookAt(
        page,
        { name: "blog", path: `/blogs/${post.slug}`, ready: "[data-blog-body] pre code.hljs", chrome },
        `blogs-post-${scheme}-${width}`,
        axe(page),
      );
      await lookAt(
        page,
        { name: "my blogs", path: "/blogs/my-blogs", ready: "[data-review-queue] [data-review]", chrome },
        `blogs-my-blogs-${scheme}-${width}`,
        axe(page),
      );
      await lookAt(
        page,
        { name: "editor", path: `/blogs/${post.id}/edit`, ready: "[data-blog-editor] pre", chrome },
        `blogs-editor-${scheme}-${width}`,
        axe(page),
      );
      await page.getByRole("tab", { name: "Preview" }).click();
      await expect(page.locator("[data-preview] pre code.hljs")).toBeVisible();
      await saveScreenshot(page, `blogs-editor-preview-${scheme}-${width}`);
      await lookAt(
        page,
        { name: "category", path: `/blogs/categories/${post.category!.slug}`, ready: "[data-blog-list]", chrome },
        `blogs-category-${scheme}-${width}`,
        axe(page),
      );
      await context.close();
    });
  }
}
