// Two community journeys: Ada copies and shares her personal invite link from Settings → Invite; Cleo signs up
// through it in her own browser and confirms; Ada's invite list shows the link sign-up and she has 200
// NeonBits. Then Ada finds Cleo by the start of her name from her connections page, opens the profile link
// and asks to connect. Both pages at 1280 and 375 px in both colour modes: layout checks, axe, screenshots in
// e2e/screenshots/invite-link-* and find-people-*.
import { randomUUID } from "node:crypto";
import { axeOn } from "./helpers/axe.ts";
import { type Browser, expect, type Page, request as http, test } from "@playwright/test";
import { MESSAGES } from "@neonlab/shared/messages";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { waitForCode } from "./helpers/outbox.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
/** Letters only this run's names start with. */
const tag = randomUUID()
  .replace(/[^a-f]/g, "")
  .slice(0, 5);

async function newUser(displayName: string) {
  const api = await http.newContext({ baseURL });
  const user = await signUpViaApi(api, undefined, { displayName });
  await api.dispose();
  return user;
}

/** A browser for `user` (or nobody); `share`: the browser has a share sheet (a stub that keeps what it got). */
async function openAs(
  browser: Browser,
  user: E2eUser | null,
  { width = 1280, scheme = "dark" as ColorScheme, share = false } = {},
) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  if (user) await signInContext(context, user.token);
  const page = await context.newPage();
  await prepareApp(page, { scheme });
  if (share) {
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { sharedLinks: shared });
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: unknown) => shared.push(data),
      });
    });
  }
  return page;
}

const toast = (page: Page, text: string) => page.locator(".nl-toast").filter({ hasText: text });

async function axeClean(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

test("Ada shares her personal link; Cleo signs up through it; Ada finds Cleo by name and asks to connect", async ({
  browser,
  request,
}) => {
  const ada = await newUser(`Ada ${tag} Sharer`);
  const a = await openAs(browser, ada, { share: true });
  await visit(a, "/settings?tab=invite");
  const linkField = a.getByLabel("Personal sign-up link");
  await expect(linkField).toHaveValue(/\/register\?referral=[\w-]{16}$/);
  const link = new URL(await linkField.inputValue());
  expect(link.origin).toBe(baseURL);
  await a.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(toast(a, MESSAGES.linkCopied)).toBeVisible();
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link.href);
  await a.getByRole("button", { name: "Share", exact: true }).click();
  await expect
    .poll(() => a.evaluate(() => (window as unknown as { sharedLinks: { url: string }[] }).sharedLinks))
    .toEqual([expect.objectContaining({ url: link.href })]);

  // Cleo opens the link in her own browser, signs up and confirms.
  const cleoName = `Cleo ${tag} Linked`;
  const cleoEmail = uniqueEmail("cleo-link");
  const c = await openAs(browser, null);
  await visit(c, `${link.pathname}${link.search}`);
  await c.getByLabel(/^Display name/).fill(cleoName);
  await c.getByRole("textbox", { name: /^Email/ }).fill(cleoEmail);
  await c.getByRole("textbox", { name: /^Password/ }).fill("violet-kettle-42");
  await c.getByRole("button", { name: "Create Account" }).click();
  const dialog = c.getByRole("dialog", { name: "Confirm your email" });
  await dialog.getByLabel("Confirmation code").fill(await waitForCode(request, cleoEmail));
  await dialog.getByRole("button", { name: "Submit Code" }).click();
  await expect(c.getByText(MESSAGES.accountConfirmed)).toBeVisible();

  await visit(a, "/settings?tab=invite");
  const row = a.locator("[data-invite-via=link]");
  await expect(row).toContainText("Signed up through your link");
  await expect(row).toContainText(cleoName);
  await expect(row.locator("[data-invite-state]")).toHaveAttribute("data-invite-state", "confirmed");
  await expect(row).not.toContainText(cleoEmail);
  await expect(a.locator("[data-invites-summary]")).toContainText("Earned 200 NeonBits · 1 of 10 invites today");
  expect((await (await request.get("/api/profile", { headers: ada.headers })).json()).neonbits).toBe(200);

  // Ada finds Cleo from her connections page by the start of Cleo's display name, keyboard only.
  await visit(a, `/connections/${ada.username}`);
  const box = a.getByRole("searchbox", { name: /Name or username/ });
  await box.focus();
  await a.keyboard.type(`cleo ${tag}`);
  const found = a.locator(`[data-found]`);
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(cleoName);
  await expect(a.locator("[data-found-summary]")).toHaveText("1 person found");
  await a.keyboard.press("Tab");
  await expect(found.getByRole("link", { name: cleoName })).toBeFocused();
  await a.keyboard.press("Tab");
  await expect(found.getByRole("button", { name: `Connect with ${cleoName}` })).toBeFocused();
  await a.keyboard.press("Enter");
  await expect(toast(a, MESSAGES.connectionSent)).toBeVisible();
  await expect(found).toHaveAttribute("data-relationship", "outgoing");
  await expect(found).toContainText("Pending");
  await found.getByRole("link", { name: cleoName }).click();
  await expect(a).toHaveURL(/\/profile\/cleo-/);
  await expect(a.locator("[data-relationship=outgoing]")).toContainText("Pending");
});

test.describe("pages to look at", () => {
  let ada: E2eUser;

  test.beforeAll(async ({ request }) => {
    ada = await newUser(`Ada ${tag} Looker`);
    for (const name of ["Grace", "Grant With A Rather Long Display Name To Wrap", "Greta"]) {
      const friend = await newUser(`Gr${tag} ${name}`);
      // One of them asked Ada already, one she asked: the rows show each standing.
      if (name === "Grace") {
        const asked = await request.post(`/api/users/connections?friendId=${await idOf(request, ada)}`, {
          headers: friend.headers,
        });
        expect(asked.status()).toBe(200);
      }
      if (name === "Greta") {
        const asked = await request.post(`/api/users/connections?friendId=${await idOf(request, friend)}`, {
          headers: ada.headers,
        });
        expect(asked.status()).toBe(200);
      }
    }
  });

  for (const scheme of ["dark", "light"] as const) {
    for (const width of [1280, 375]) {
      test(`Settings → Invite with the link, and Find people with results: ${scheme}, ${width}px`, async ({
        browser,
      }) => {
        test.setTimeout(120_000);
        const page = await openAs(browser, ada, { width, scheme, share: width === 375 });
        await visit(page, "/settings?tab=invite");
        await expect(page.locator("[data-invite-link]")).toBeVisible();
        if (width === 375) await expect(page.getByRole("button", { name: "Share", exact: true })).toBeVisible();
        await waitForPreloaderGone(page);
        await page.waitForLoadState("networkidle");
        await test.step("invite: sound page", () => expectSoundPage(page, { header: true, footer: true }));
        await test.step("invite: axe", () => axeClean(page));
        await saveScreenshot(page, `invite-link-${scheme}-${width}`);

        await visit(page, `/connections/${ada.username}`);
        await page.getByRole("searchbox", { name: /Name or username/ }).fill(`gr${tag}`);
        await expect(page.locator("[data-found]")).toHaveCount(3);
        await expect(page.locator("[data-found][data-relationship=incoming]")).toContainText("Accept");
        await expect(page.locator("[data-found][data-relationship=outgoing]")).toContainText("Pending");
        await waitForPreloaderGone(page);
        await page.waitForLoadState("networkidle");
        await test.step("find people: sound page", () => expectSoundPage(page, { header: true, footer: true }));
        await test.step("find people: axe", () => axeClean(page));
        await saveScreenshot(page, `find-people-${scheme}-${width}`);
      });
    }
  }
});

async function idOf(request: import("@playwright/test").APIRequestContext, user: E2eUser) {
  return ((await (await request.get("/api/profile", { headers: user.headers })).json()) as { id: string }).id;
}
