// The money side a learner reaches without paying: an admin-made giveaway round that
// the learner enters and wins (drawn by the server's job at the round's end, checked in the browser), then
// a streak freeze, an XP boost and the freeze pack bought in /shop (each asks first), an item the balance
// can not pay for not offered (the card says what is missing and links the packs), and every change in
// Settings → NeonBits. Then each page at
// 1280 and 375 px in dark and light: layout checks, axe, screenshots in e2e/screenshots/shop-*.
import { axeOn } from "./helpers/axe.ts";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { E2E_ADMIN, signInAdmin } from "./helpers/admin.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";

test.describe.configure({ mode: "serial" });

let learner: E2eUser;
const title = `Sprint round ${Date.now().toString(36)}`;

async function createRoundViaApi(request: APIRequestContext, secondsLeft: number) {
  const admin = await signInAdmin(request);
  const res = await request.post("/api/admin/giveaways", {
    headers: admin.headers,
    data: { title, prize: 1000, winners: 1, endsAt: new Date(Date.now() + secondsLeft * 1000).toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function confirm(page: Page, label: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: label }).click();
  await expect(dialog).toHaveCount(0);
}

async function axe(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

test.beforeAll(async ({ request }) => {
  learner = await signUpViaApi(request, undefined, { displayName: "Shop Tester" });
});

test.beforeEach(async ({ page, context }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signInContext(context, learner.token);
  await prepareApp(page, { scheme: "dark" });
});

test("enters an admin's giveaway round and wins it when the server draws at its end", async ({ page, request }) => {
  test.setTimeout(90_000);
  await createRoundViaApi(request, 15);
  await visit(page, "/giveaway");
  const current = page.locator("[data-current-round]");
  await expect(current.getByRole("heading", { name: title })).toBeVisible();
  await expect(current.locator("[data-seed-hash]")).toHaveText(/^[0-9a-f]{64}$/);
  await current.getByRole("button", { name: "Enter this round" }).click();
  await expect(current.locator("[data-entered]")).toContainText("You are in. Your ticket:");
  await expect(current.locator("[data-entry-count]")).toHaveAttribute("data-entry-count", "1");
  await waitForPreloaderGone(page);
  await saveScreenshot(page, "shop-giveaway-entered-dark-1280");

  // The draw is the server's pg-boss job at the round's end; the page asks again until it has run.
  const won = page.locator("[data-past-round]").filter({ hasText: title });
  await expect(won.locator(`[data-winner="${learner.username}"]`)).toBeVisible({ timeout: 45_000 });
  await won.getByRole("button", { name: "Check this draw in my browser" }).click();
  await expect(won.locator('[data-verdict="ok"]')).toBeVisible();
  // The sorted tickets, a page at a time: here the one ticket, the winner's.
  await won.getByRole("button", { name: "Show the ticket" }).click();
  await expect(won.locator("[data-tickets] li")).toHaveCount(1);
  await expect(won.getByText("1 of 1 shown")).toBeVisible();
  await saveScreenshot(page, "shop-giveaway-won-dark-1280");
  const profile = await request.get("/api/profile", { headers: learner.headers });
  expect((await profile.json()).neonbits).toBe(1000);
});

test("buys a streak freeze and an XP boost (each asks first), then is offered the packs for what it lacks", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The header's NeonBits chip leads to the shop.
  await visit(page, "/courses");
  await page.getByRole("link", { name: "1,000 NeonBits: open the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.locator("[data-shop-balance]")).toHaveAttribute("data-shop-balance", "1000");
  const freeze = page.locator('[data-shop-item="streak_freeze"]');
  await expect(freeze.locator("[data-owned-freezes]")).toHaveText("You own 1 freeze");

  await freeze.getByRole("button", { name: "Buy for 150 NeonBits: Streak Freeze" }).click();
  await expect(page.getByRole("dialog")).toContainText("Spend 150 of your 1,000 NeonBits on Streak Freeze?");
  await confirm(page, "Buy");
  await expect(page.getByText("You bought Streak Freeze: 1 streak freeze added.")).toBeVisible();
  await expect(freeze.locator("[data-owned-freezes]")).toHaveText("You own 2 freezes");
  await expect(page.locator("[data-shop-balance]")).toHaveAttribute("data-shop-balance", "850");

  const boost = page.locator('[data-shop-item="xp_boost_1h"]');
  await boost.getByRole("button", { name: "Buy for 250 NeonBits: XP Boost (1 hour)" }).click();
  await confirm(page, "Buy");
  await expect(boost.locator("[data-boost-active]")).toContainText(/Active: (59 min \d+ s|1 h 0 min) left/);
  await expect(page.locator("[data-boost-banner]")).toContainText("XP Boost active: XP ×2");
  await expect(page.locator("[data-shop-balance]")).toHaveAttribute("data-shop-balance", "600");
  // The header's NeonBits chip follows.
  await expect(page.locator('[data-stat="neonbits"]').first()).toContainText("600");

  await page
    .locator('[data-shop-item="streak_freeze_x3"]')
    .getByRole("button", { name: "Buy for 400 NeonBits: Streak Freeze x3" })
    .click();
  await confirm(page, "Buy");
  await expect(page.locator("[data-shop-balance]")).toHaveAttribute("data-shop-balance", "200");

  // 200 NeonBits left: the boost is not offered for sale, the card says what is missing and links the packs.
  const short = boost.getByRole("button", { name: "XP Boost (1 hour): you need 50 more NeonBits" });
  await expect(short).toBeDisabled();
  await expect(short).toHaveText("Need 50 more NeonBits");
  await boost.getByRole("link", { name: "Get NeonBits" }).click();
  await expect(page.locator("#packs")).toBeInViewport();
  // The packs of the payments module, each a button to its checkout.
  await expect(page.locator('#packs [data-pack="price_neonbits_500"]')).toContainText("500 NeonBits");
  await expect(page.locator("[data-shop-balance]")).toHaveAttribute("data-shop-balance", "200");
  await waitForPreloaderGone(page);
  await saveScreenshot(page, "shop-after-purchases-dark-1280");
});

test("Settings → NeonBits lists every change, and the balance is their sum", async ({ page }) => {
  await visit(page, "/settings?tab=neonbits");
  const ledger = page.locator("[data-ledger]");
  await expect(ledger.locator("[data-ledger-balance]")).toHaveAttribute("data-ledger-balance", "200");
  const rows = ledger.locator("[data-ledger-entry]");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText("Bought Streak Freeze x3");
  await expect(rows.nth(0)).toContainText("−400 NeonBits");
  await expect(rows.nth(3)).toContainText(`Won the giveaway "${title}"`);
  await expect(rows.nth(3)).toContainText("+1,000");
  const amounts = await rows.locator("[data-amount]").evaluateAll((cells) => cells.map((cell) => cell.dataset.amount));
  expect(amounts.reduce((sum, amount) => sum + Number(amount), 0)).toBe(200);
});

test("an admin plans a weekly round and grants access on /admin/money", async ({ page, context, request }) => {
  const admin = await signInAdmin(request);
  await context.clearCookies();
  await signInContext(context, admin.token);
  // Reached from the account menu (admins only).
  await visit(page, "/courses");
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Giveaways and access" }).click();
  await expect(page).toHaveURL(/\/admin\/money$/);
  const form = page.locator("[data-create-round]");
  await form.getByLabel("Title").fill(`Weekly ${title}`);
  await form.getByRole("button", { name: "Create round" }).click();
  await expect(page.locator("[data-admin-rounds]")).toContainText(`Weekly ${title}`);
  const access = page.locator("[data-access-form]");
  await access.getByLabel("User's e-mail").fill(learner.email);
  await access.getByRole("button", { name: "Grant access" }).click();
  await expect(access).toContainText(`Access granted to ${learner.email}.`);
  await waitForPreloaderGone(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, "shop-admin-money-dark-1280");
  // The learner has access on their next request, without signing in again.
  const profile = await request.get("/api/profile", { headers: learner.headers });
  expect((await profile.json()).has_access).toBe(true);
  expect(E2E_ADMIN.email).not.toBe(learner.email);
});

for (const scheme of ["dark", "light"] as const) {
  for (const width of [1280, 375]) {
    test(`the shop, the giveaway and the ledger look right: ${scheme}, ${width}px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await prepareApp(page, { scheme });
      for (const [name, path, ready] of [
        ["shop", "/shop", "[data-shop-wallet]"],
        ["giveaway", "/giveaway", "[data-past-round]"],
        ["ledger", "/settings?tab=neonbits", "[data-ledger-entry]"],
      ] as const) {
        await visit(page, path);
        await expect(page.locator(ready).first()).toBeVisible();
        if (name === "giveaway") {
          const round = page.locator("[data-past-round]").first();
          await round.getByRole("button", { name: /^Show the (ticket|[\d,]+ sorted tickets)$/ }).click();
          await expect(round.locator("[data-tickets] li").first()).toBeVisible();
          // The click scrolled the page: back to the top, where the layout checks start.
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        await waitForPreloaderGone(page);
        await page.waitForLoadState("networkidle");
        await test.step(`${name}: sound page`, () => expectSoundPage(page, { header: true, footer: true }));
        await test.step(`${name}: axe`, () => axe(page));
        await saveScreenshot(page, `shop-${name}-${scheme}-${width}`);
      }
    });
  }
}
