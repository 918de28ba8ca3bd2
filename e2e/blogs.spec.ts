import { randomUUID } from "node:crypto";
import type { BlogPage } from "@neonlab/shared/schemas/blogs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { blogCategories, moderatorHeaders, pngFile, proUser } from "./helpers/blogs.ts";
import { expectAccessibleDialog, expectNoAxeViolations } from "./helpers/dialogs.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";

// Blogs end to end in Chromium: an author with Pro writes a blog with a cover, two inline
// images and a code block and publishes it; a moderator approves it (the author's bell says so); another
// user finds it by a word in its text, votes and shares it; a plain HTTP fetch of its page (no JavaScript)
// sees its title and cover in the meta tags.

test.describe.configure({ mode: "serial" });

/** A word no other blog has, to find this one by its text. */
const WORD = `quokkabyte${randomUUID().slice(0, 6)}`;
const TITLE = `Shipping a tiny web server in TypeScript ${WORD.slice(-6)}`;
let slug = "";
let author: E2eUser | undefined;

/** Uploads through the file chooser a button opens (the toolbar's image control, the cover's button). */
async function chooseFile(page: Page, button: string, file: Awaited<ReturnType<typeof pngFile>>) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: button }).click(),
  ]);
  await chooser.setFiles(file);
}

test("an author with Pro writes a blog with a cover, two images and a code block, and publishes it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  author = await proUser(request, "Ada Writer");
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, author.token);
  const page = await context.newPage();
  await prepareApp(page, { scheme: "dark" });
  await visit(page, "/blogs/my-blogs");
  await waitForPreloaderGone(page);
  await expect(page.getByText("You have not written a blog yet")).toBeVisible();
  await page.getByRole("button", { name: "Write a blog" }).click();
  // The title first: the new draft is created with it.
  const titleDialog = page.getByRole("dialog", { name: "Write a blog" });
  await titleDialog.getByRole("button", { name: "Start writing" }).click();
  await expect(titleDialog.getByText("The title is required")).toBeVisible();
  await titleDialog.getByRole("textbox", { name: "Title" }).fill(TITLE);
  await titleDialog.getByRole("button", { name: "Start writing" }).click();
  await expect(page).toHaveURL(/\/blogs\/\d+\/edit$/);
  const editor = page.locator("[data-blog-editor]");
  await expect(editor).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(TITLE);

  await page
    .getByLabel("Summary", { exact: true })
    .fill("A server in forty lines, with types, tests and no framework.");
  await page.getByRole("combobox", { name: "Category" }).click();
  const category = (await blogCategories(request))[0]!;
  await page.getByRole("option", { name: category.name }).click();
  const tags = page.getByRole("combobox", { name: "Tags" });
  await tags.fill("typescript");
  await tags.press("Enter");
  await tags.fill("node");
  await tags.press("Enter");
  await chooseFile(page, "Upload cover", await pngFile("cover.png", ["#00b37a", "#1d2b64"]));
  await expect(page.locator('[data-cover="set"] img')).toBeVisible();

  // The text: a heading, a paragraph with the word to find, two images, a code block with its language.
  await editor.click();
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("Why so small");
  await page.keyboard.press("Enter");
  await page.keyboard.type(`Most servers start big. This one, nicknamed ${WORD}, starts with one file and grows.`);
  await page.keyboard.press("Enter");
  await chooseFile(page, "Upload image", await pngFile("request-flow.png", ["#ff2bd6", "#3a0ca3"]));
  await expect(editor.locator('img[src^="/api/blogs/media/"]')).toHaveCount(1);
  await editor.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("And the response side:");
  await page.keyboard.press("Enter");
  await chooseFile(page, "Upload image", await pngFile("response-flow.png", ["#00e5ff", "#005f73"]));
  await expect(editor.locator('img[src^="/api/blogs/media/"]')).toHaveCount(2);
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Code block" }).click();
  await page.keyboard.type('import { createServer } from "node:http";');
  await page.keyboard.press("Enter");
  await page.keyboard.type('createServer((_req, res) => res.end("ok")).listen(3000);');
  await page.getByRole("combobox", { name: "Code block language" }).click();
  await page.getByRole("option", { name: "TypeScript", exact: true }).click();

  const state = page.locator("[data-save-state]");
  await expect(state).toHaveAttribute("data-save-state", "saved", { timeout: 15_000 });
  await expect(state).toHaveText("Saved");
  await expectNoAxeViolations(page, "main");

  // The preview is the server's rendering of what was saved.
  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.locator("[data-preview]");
  await expect(preview.getByRole("heading", { name: "Why so small" })).toBeVisible();
  await expect(preview.locator(":scope > img[srcset]")).toHaveCount(1); // the cover, as the page shows it
  await expect(preview.locator("[data-blog-body] img[srcset]")).toHaveCount(2);
  await expect(preview.locator('pre[data-lang="typescript"] code.hljs.language-typescript')).toContainText(
    "createServer",
  );
  await expect(preview.locator("pre code .hljs-keyword").first()).toHaveText("import");
  await page.getByRole("tab", { name: "Write" }).click();

  // Leaving with a change not saved yet asks first.
  await editor.getByRole("heading", { name: "Why so small" }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(", really");
  await page.getByRole("link", { name: "← My blogs" }).click();
  const leave = page.getByRole("dialog", { name: "Leave the editor?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(state).toHaveAttribute("data-save-state", "saved", { timeout: 15_000 });
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(preview.getByRole("heading", { name: "Why so small, really" })).toBeVisible();
  await expect(preview.locator("[data-blog-body] img[srcset]")).toHaveCount(2);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.locator("[data-blog-status]")).toHaveAttribute("data-blog-status", "pending");
  await expect(page.getByText("Sent for review.", { exact: false })).toBeVisible();

  await visit(page, "/blogs/my-blogs");
  const row = page.locator("[data-my-blog]").filter({ hasText: TITLE });
  await expect(row).toHaveAttribute("data-status", "pending");
  await expect(page.getByText("Pending review (1)")).toBeVisible();
  await context.close();
});

test("a moderator approves it from the review queue and the author's bell says so", async ({ browser, request }) => {
  const moderator = await moderatorHeaders();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, moderator.token);
  const page = await context.newPage();
  await prepareApp(page, { scheme: "light" });
  await visit(page, "/blogs/my-blogs");
  await waitForPreloaderGone(page);
  const item = page.locator("[data-review]").filter({ hasText: TITLE });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Read" }).click();
  await expect(item.locator("[data-blog-body] pre code.hljs")).toBeVisible();
  await expect(item.locator("[data-blog-body] img[srcset]")).toHaveCount(2);
  await expectNoAxeViolations(page, "main");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("is published. Its author was told.", { exact: false })).toBeVisible();
  await expect(item).toHaveCount(0);
  await context.close();

  const list = (await (await request.get("/api/blogs", { params: { search: WORD } })).json()) as BlogPage;
  expect(list.items.map((b) => b.title)).toEqual([TITLE]);
  slug = list.items[0]!.slug;

  // The author's bell: one unread notification, saying it was approved, leading to the blog.
  const authorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(authorContext, author!.token);
  const authorPage = await authorContext.newPage();
  await prepareApp(authorPage, { scheme: "dark" });
  await visit(authorPage, "/blogs/my-blogs");
  await waitForPreloaderGone(authorPage);
  await authorPage.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
  const note = authorPage.getByRole("dialog", { name: "Notifications" });
  await expect(note.getByText(`Your blog "${TITLE}" was approved and is published.`)).toBeVisible();
  await note.getByText(`Your blog "${TITLE}" was approved and is published.`).click();
  await expect(authorPage).toHaveURL(new RegExp(`/blogs/${slug}$`));
  await authorContext.close();
});

const views = async (request: APIRequestContext) =>
  ((await (await request.get(`/api/blogs/slug/${slug}`)).json()) as { views: number }).views;

test("another user finds it by a word in its text, votes and shares it", async ({ browser, request }) => {
  const reader = await signUpViaApi(request, undefined, { displayName: "Curious Reader" });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, reader.token);
  await context.route(/^https:\/\/(x\.com|www\.linkedin\.com)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>share</title>" }),
  );
  const page = await context.newPage();
  await prepareApp(page, { scheme: "dark" });
  await visit(page, "/blogs");
  await waitForPreloaderGone(page);
  await page.getByRole("searchbox", { name: "Search" }).fill(WORD);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${WORD}`));
  const card = page.locator("[data-blog]");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("srcset", /480w/);
  await expectNoAxeViolations(page, "main");

  // The filtered list is an address to share: opening it again shows the same list.
  const shared = page.url();
  await visit(page, shared);
  await expect(page.locator("[data-blog]")).toHaveCount(1);

  const viewsBefore = await views(request);
  await card.getByRole("link", { name: TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/blogs/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(page.locator("[data-blog-body] img[srcset]")).toHaveCount(2);
  await expect(page.locator("[data-author]")).toContainText("Ada Writer");
  await expect(page.locator("[data-author]").getByRole("button", { name: "Connect" })).toBeVisible();

  // The visit is counted, once a day per viewer: a reload does not count again.
  await expect.poll(() => views(request)).toBe(viewsBefore + 1);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await views(request)).toBe(viewsBefore + 1);

  const up = page.getByRole("button", { name: /^Vote up/ });
  await up.click();
  await expect(up).toHaveAttribute("aria-pressed", "true");
  await expect(up).toHaveAccessibleName("Vote up: 1");
  await expectNoAxeViolations(page, "main");

  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = await expectAccessibleDialog(page, "Share this blog");
  await expect(dialog.getByRole("textbox", { name: "Blog" })).toHaveValue(new RegExp(`/blogs/${slug}$`));
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    dialog.getByRole("button", { name: "Share on X" }).click(),
  ]);
  const shareUrl = new URL(popup.url());
  expect(shareUrl.host).toBe("x.com");
  expect(shareUrl.searchParams.get("url")).toMatch(new RegExp(`/blogs/${slug}$`));
  expect(shareUrl.searchParams.get("text")).toBe(TITLE);
  await context.close();
});

test("a link preview fetch of its page (plain HTTP, no JavaScript) sees its title and cover", async ({ request }) => {
  const res = await request.get(`/blogs/${slug}`, { headers: { "user-agent": "Slackbot-LinkExpanding 1.0" } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  const meta = (property: string) =>
    new RegExp(`<meta[^>]+(?:property|name)="${property}"[^>]+content="([^"]*)"`).exec(html)?.[1];
  expect(html).toContain(`<title>${TITLE}`);
  expect(meta("og:title")).toBe(TITLE);
  expect(meta("twitter:card")).toBe("summary_large_image");
  const image = meta("og:image");
  expect(image).toMatch(/\/api\/blogs\/media\/.+\.webp$/);
  const cover = await request.get(image!);
  expect(cover.ok()).toBe(true);
  expect(cover.headers()["content-type"]).toBe("image/webp");
});
