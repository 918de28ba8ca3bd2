// Staff and notifications: a moderator (no Pro) hears at once of a blog sent for review, finds it through the
// account menu's "Review queue" and the notification's link, approves it (the notice goes), and writes a blog
// of their own. Then /notifications with notices that name their subject (a resolved report, a blog waiting,
// a request, the subscription's end date in the reader's locale and zone) at 1280 and 375 px in both colour
// modes: layout checks, axe, screenshots in e2e/screenshots/staff-notifications-*. Reactivating the
// subscription removes its "will end on" notice.
import { type APIRequestContext, type Browser, expect, type Page, request as http, test } from "@playwright/test";
import { signInAdmin } from "./helpers/admin.ts";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { blogViaApi, proUser } from "./helpers/blogs.ts";
import { expectNoAxeViolations } from "./helpers/dialogs.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";

test.describe.configure({ mode: "serial" });

const ZONE = "Asia/Tokyo";
const LOCALE = "en-GB";
const TEXT =
  "Pattern matching reads like a table of cases: each shape of the value gets its own line, and the compiler checks that none is missing.";
let moderator: E2eUser;
let author: E2eUser;

async function openAs(browser: Browser, user: E2eUser, { width = 1280, scheme = "dark" as ColorScheme } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: LOCALE,
    reducedMotion: "reduce",
  });
  await signInContext(context, user.token);
  const page = await context.newPage();
  await prepareApp(page, { scheme });
  return page;
}

const bell = (page: Page) => page.locator("[data-notification-bell]");

/**
 * A request context of its own (no cookies): a signed-in context's session cookie would make Better Auth ask the
 * next sign-up for an Origin.
 */
async function withApi<T>(run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await http.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3100}` });
  try {
    return await run(api);
  } finally {
    await api.dispose();
  }
}

test.beforeAll(async ({ request }) => {
  moderator = await withApi((api) => signUpViaApi(api, undefined, { displayName: "Mona Reviewer" }));
  author = await withApi((api) => proUser(api, "Ada Pending"));
  const admin = await withApi((api) => signInAdmin(api));
  const role = await request.patch("/api/admin/users/role", {
    headers: admin.headers,
    data: { email: moderator.email, role: "moderator" },
  });
  expect(role.ok(), await role.text()).toBe(true);
  const zone = await request.put("/api/profile", { headers: moderator.headers, data: { time_zone: ZONE } });
  expect(zone.ok(), await zone.text()).toBe(true);
});

test("a moderator without Pro hears of a blog sent for review, reviews it from the queue and writes one", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await openAs(browser, moderator);
  await visit(page, "/courses");
  await waitForPreloaderGone(page);
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  // The author sends a blog for review: the moderator's bell rings without a reload.
  const title = "Pattern matching in practice";
  const blog = await blogViaApi(request, author.headers, { title, summary: "Cases as a table.", content: TEXT });
  expect(blog.status).toBe("pending");
  // Other specs share the server (and may send blogs for review meanwhile): counts are read, not assumed.
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  const waiting = async () =>
    ((await (await request.get("/api/blogs/pending", { headers: moderator.headers })).json()) as { total: number })
      .total;
  expect(await waiting()).toBeGreaterThanOrEqual(1);

  // The account menu has the review queue with how many wait.
  await page.getByRole("button", { name: "Account menu for Mona Reviewer" }).click();
  await expect(page.getByRole("menuitem", { name: /^Review queue [1-9]\d* waiting$/ })).toHaveAttribute(
    "href",
    "/blogs/my-blogs#review-queue",
  );
  await page.keyboard.press("Escape");

  // The notification names the author and the blog, and is the link to the queue.
  await bell(page).click();
  const note = page.locator("[data-notification=blog_submitted]").filter({ hasText: title });
  const link = note.getByRole("link", { name: /^Ada Pending sent a blog for review\./ });
  await expect(link).toContainText(title);
  await link.click();
  await expect(page).toHaveURL(/\/blogs\/my-blogs#review-queue$/);
  await expect(page.getByRole("heading", { name: /^Review queue \([1-9]\d*\)$/ })).toBeFocused();
  await expect(page.getByText("Get Pro to write")).toHaveCount(0);
  await expectNoAxeViolations(page, "main");

  const item = page.locator("[data-review]").filter({ hasText: title });
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("is published. Its author was told.", { exact: false })).toBeVisible();
  await expect(item).toHaveCount(0);
  // Reviewed: the notice no longer holds, for any staff account.
  const notes = (await (await request.get("/api/notifications", { headers: moderator.headers })).json()) as {
    items: { kind: string; data: Record<string, unknown> }[];
  };
  expect(notes.items.filter((n) => n.kind === "blog_submitted" && n.data.title === title)).toEqual([]);

  // Staff write without Pro: "Write a blog", then the editor.
  await page.getByRole("button", { name: "Write a blog" }).click();
  const dialog = page.getByRole("dialog", { name: "Write a blog" });
  await dialog.getByRole("textbox", { name: "Title" }).fill("Notes from the review desk");
  await dialog.getByRole("button", { name: "Start writing" }).click();
  await expect(page).toHaveURL(/\/blogs\/\d+\/edit$/);
  await expect(page.locator("[data-blog-editor]")).toBeVisible();
  await page.context().close();
});

test.describe("/notifications", () => {
  let periodEnd = "";

  test.beforeAll(async ({ request }) => {
    const admin = await withApi((api) => signInAdmin(api));
    // A resolved report, a blog waiting, a connection request, a subscription that will end.
    const report = await request.post("/api/users/reports", {
      headers: moderator.headers,
      data: { cause: "bug", description: "The dark mode toggle forgets my choice after a reload." },
    });
    expect(report.status()).toBe(201);
    const { id } = (await report.json()) as { id: number };
    const resolved = await request.patch(`/api/users/reports/${id}/status?status=resolved`, {
      headers: admin.headers,
    });
    expect(resolved.ok(), await resolved.text()).toBe(true);
    await blogViaApi(request, author.headers, {
      title: "Why your CSS grid collapses on small screens",
      summary: "Min-content and friends.",
      content: TEXT,
    });
    const me = (await (await request.get("/api/profile", { headers: moderator.headers })).json()) as { id: string };
    const asked = await request.post(`/api/users/connections?friendId=${me.id}`, { headers: author.headers });
    expect(asked.ok(), await asked.text()).toBe(true);
    const session = await request.post("/api/stripe/create-subscription-session", {
      headers: moderator.headers,
      data: { priceId: "price_pro_monthly" },
    });
    const { url } = (await session.json()) as { url: string };
    expect((await request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 })).status()).toBe(303);
    const cancel = await request.patch("/api/stripe/cancel-subscription", { headers: moderator.headers });
    expect(cancel.ok(), await cancel.text()).toBe(true);
    const sub = (await (await request.get("/api/stripe/subscription", { headers: moderator.headers })).json()) as {
      subscription: { current_period_end: string };
    };
    periodEnd = sub.subscription.current_period_end;
  });

  for (const scheme of ["dark", "light"] as ColorScheme[]) {
    for (const width of [1280, 375]) {
      test(`the page lists what each notice is about, linked, dated for the reader: ${scheme}, ${width}px`, async ({
        browser,
      }) => {
        const page = await openAs(browser, moderator, { width, scheme });
        await visit(page, "/notifications");
        const list = page.getByRole("region", { name: "Your notifications" });
        await expect(list.locator("[data-notification]").first()).toBeVisible();
        await waitForPreloaderGone(page);
        await page.waitForLoadState("networkidle");

        const report = list.locator("[data-notification=report_resolved]");
        await expect(report.getByRole("link")).toHaveAttribute("href", "/help#your-reports");
        await expect(report).toContainText("A report you sent was resolved.");
        await expect(report.locator("[data-notification-subject]")).toHaveText(
          "Something is broken: “The dark mode toggle forgets my choice after a reload.”",
        );
        await expect(list.locator("[data-notification=blog_submitted]").getByRole("link")).toContainText(
          "Why your CSS grid collapses on small screens",
        );
        await expect(list.locator("[data-notification=connection_request]")).toContainText(
          "Ada Pending wants to connect with you.",
        );
        // The end date in the reader's locale (en-GB) and the zone of their profile (Asia/Tokyo).
        const end = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: ZONE }).format(
          new Date(periodEnd),
        );
        await expect(list.locator("[data-notification=subscription_changed]").first()).toContainText(
          `Your Pro subscription will end on ${end}.`,
        );
        await expect(page.locator("[data-notifications-showing]")).toHaveText(/^Showing \d+ of \d+$/);

        await test.step("sound page", () => expectSoundPage(page, { header: true, footer: true }));
        await test.step("axe", () => expectNoAxeViolations(page, "body"));
        await saveScreenshot(page, `staff-notifications-page-${scheme}-${width}`);

        if (width === 1280) {
          await bell(page).click();
          await expect(page.getByRole("link", { name: "See all notifications" })).toBeVisible();
          await saveScreenshot(page, `staff-notifications-bell-${scheme}-${width}`, { fullPage: false });
          await page.keyboard.press("Escape");
          await page.getByRole("button", { name: "Account menu for Mona Reviewer" }).click();
          await expect(page.getByRole("menuitem", { name: /^Review queue \d+ waiting$/ })).toBeVisible();
          await saveScreenshot(page, `staff-notifications-menu-${scheme}-${width}`, { fullPage: false });
        } else {
          await page.getByRole("button", { name: "Open navigation" }).click();
          const account = page.getByRole("navigation", { name: "Your account" });
          await expect(account.getByRole("link", { name: /^Review queue \d+ waiting$/ })).toBeVisible();
          await expect(account.getByRole("link", { name: "Notifications" })).toBeVisible();
          await saveScreenshot(page, `staff-notifications-drawer-${scheme}-${width}`, { fullPage: false });
        }
        await page.context().close();
      });
    }
  }

  test("reactivating the subscription removes its “will end on” notice", async ({ browser, request }) => {
    const again = await request.patch("/api/stripe/reactivate-subscription", { headers: moderator.headers });
    expect(again.ok(), await again.text()).toBe(true);
    const page = await openAs(browser, moderator);
    await visit(page, "/notifications");
    const list = page.getByRole("region", { name: "Your notifications" });
    await expect(list.locator("[data-notification=report_resolved]")).toBeVisible();
    await expect(list.getByText(/will end on/)).toHaveCount(0);
    await page.context().close();
  });
});
