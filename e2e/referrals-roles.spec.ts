// Referrals and roles through the UI: A invites a third person from Settings → Invite, that person
// signs up through the mailed link in another browser and confirms; A's bell rings and A has 200 NeonBits.
// An admin makes a user a moderator on /admin/users: the user's open session sees the queue without signing
// in again. Then the pages to look at (Settings → Invite, /admin/users, /help's "Your reports") at 1280 and
// 375 px in both colour modes: layout checks, axe, screenshots in e2e/screenshots/community-*.
import { axeOn } from "./helpers/axe.ts";
import { type Browser, expect, type Page, request as http, test } from "@playwright/test";
import { MESSAGES } from "@neonlab/shared/messages";
import { E2E_ADMIN, signInAdmin } from "./helpers/admin.ts";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { waitForCode, waitForLink } from "./helpers/outbox.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

async function newUser(displayName: string) {
  const api = await http.newContext({ baseURL });
  const user = await signUpViaApi(api, undefined, { displayName });
  await api.dispose();
  return user;
}

async function openAs(browser: Browser, user: E2eUser | null, { width = 1280, scheme = "dark" as ColorScheme } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  if (user) await signInContext(context, user.token);
  const page = await context.newPage();
  await prepareApp(page, { scheme });
  return page;
}

const bell = (page: Page) => page.locator("[data-notification-bell]");
const toast = (page: Page, text: string) => page.locator(".nl-toast").filter({ hasText: text });

async function axeClean(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

test("A invites a third person who signs up through the link: A's bell rings and A gets 200 NeonBits", async ({
  browser,
  request,
}) => {
  const ada = await newUser("Ada Inviter");
  const a = await openAs(browser, ada);
  await visit(a, "/settings?tab=invite");
  const friend = uniqueEmail("invited");
  const form = a.locator("[data-invite-form]");
  await form.getByLabel("Friend's email").fill(friend);
  await form.getByRole("button", { name: "Send invite" }).click();
  await expect(toast(a, MESSAGES.emailSent)).toBeVisible();
  const row = a.locator(`[data-invite="${friend}"]`);
  await expect(row.locator("[data-invite-state]")).toHaveAttribute("data-invite-state", "sent");

  // The third person opens the mailed link in their own browser, signs up and confirms.
  const link = new URL(await waitForLink(request, friend));
  expect(link.pathname).toBe("/register");
  expect(link.searchParams.get("referral")).toBeTruthy();
  const c = await openAs(browser, null);
  await visit(c, `${link.pathname}${link.search}`);
  await c.getByLabel(/^Display name/).fill("Cleo Invited");
  await c.getByRole("textbox", { name: /^Email/ }).fill(friend);
  await c.getByRole("textbox", { name: /^Password/ }).fill("violet-kettle-42");
  await c.getByRole("button", { name: "Create Account" }).click();
  const dialog = c.getByRole("dialog", { name: "Confirm your email" });
  await dialog.getByLabel("Confirmation code").fill(await waitForCode(request, friend));
  await dialog.getByRole("button", { name: "Submit Code" }).click();
  await expect(c.getByText(MESSAGES.accountConfirmed)).toBeVisible();

  // A hears of it without a reload, and the invite says what it earned.
  await expect(bell(a)).toHaveAccessibleName("Notifications, 1 unread");
  await bell(a).click();
  await expect(a.locator("[data-notification=referral_joined]")).toContainText(
    "Cleo Invited joined NeonLab through your invite.",
  );
  await a.keyboard.press("Escape");
  await visit(a, "/settings?tab=invite");
  await expect(row.locator("[data-invite-state]")).toHaveAttribute("data-invite-state", "confirmed");
  await expect(row).toContainText("Joined · +200 NeonBits");
  await expect(a.locator("[data-invites-summary]")).toContainText("Earned 200 NeonBits");
  const profile = await request.get("/api/profile", { headers: ada.headers });
  expect((await profile.json()).neonbits).toBe(200);
  await waitForPreloaderGone(a);
  await saveScreenshot(a, "community-invite-confirmed-dark-1280");
});

test("an admin makes a user a moderator on /admin/users; the user's open session sees the queue at once", async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const user = await newUser("Mo Promoted");
  const u = await openAs(browser, user);
  await visit(u, "/app/reports");
  await expect(u.locator('[data-status-panel="forbidden"]')).toBeVisible();

  const page = await openAs(browser, null);
  await signInContext(page.context(), admin.token);
  await visit(page, "/admin/users");
  const form = page.locator("[data-role-form]");
  await form.getByLabel("User's e-mail").fill(user.email);
  await form.getByText("Moderator", { exact: true }).click();
  await form.getByRole("button", { name: "Set role" }).click();
  await expect(form.locator("[data-role-result]")).toHaveText(`${user.email} is now a moderator (was user).`);
  // The last admin can not step down.
  await form.getByLabel("User's e-mail").fill(E2E_ADMIN.email);
  await form.getByText("User", { exact: true }).click();
  await form.getByRole("button", { name: "Set role" }).click();
  await expect(form.getByRole("alert")).toContainText("is the only admin");

  // Same session, no new sign-in: the queue opens.
  await visit(u, "/app/reports");
  await expect(u.locator('[data-status-panel="forbidden"]')).toHaveCount(0);
  await expect(u.getByRole("heading", { level: 1 })).toBeVisible();
  const res = await request.get("/api/users/reports", { headers: user.headers });
  expect(res.status()).toBe(200);
});

test.describe("pages to look at", () => {
  let inviter: E2eUser;
  let adminToken = "";

  test.beforeAll(async ({ request }) => {
    inviter = await newUser("Invite Looker");
    adminToken = (await signInAdmin(request)).token;
    for (const prefix of ["a-very-long-address-for-a-friend-who-likes-long-names", "bo"]) {
      const res = await request.post("/api/users/referrals", {
        headers: inviter.headers,
        data: { email: uniqueEmail(prefix) },
      });
      expect(res.status()).toBe(201);
    }
    const report = await request.post("/api/users/reports", {
      headers: inviter.headers,
      data: { cause: "bug", description: "The dark mode toggle forgets my choice after a reload." },
    });
    expect(report.status()).toBe(201);
  });

  for (const scheme of ["dark", "light"] as const) {
    for (const width of [1280, 375]) {
      test(`Settings → Invite, /admin/users and /help look right: ${scheme}, ${width}px`, async ({ browser }) => {
        test.setTimeout(120_000);
        const page = await openAs(browser, inviter, { width, scheme });
        for (const [name, path, ready, token] of [
          ["invite", "/settings?tab=invite", "[data-invite]", inviter.token],
          ["help", "/help", "[data-your-reports] li", inviter.token],
          ["admin-users", "/admin/users", "[data-role-form]", adminToken],
        ] as const) {
          await signInContext(page.context(), token);
          await visit(page, path);
          await expect(page.locator(ready).first()).toBeVisible();
          await waitForPreloaderGone(page);
          await page.waitForLoadState("networkidle");
          await test.step(`${name}: sound page`, () => expectSoundPage(page, { header: true, footer: true }));
          await test.step(`${name}: axe`, () => axeClean(page));
          await saveScreenshot(page, `community-${name}-${scheme}-${width}`);
        }
      });
    }
  }
});
