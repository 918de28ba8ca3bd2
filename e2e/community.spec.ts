// Connections and live notifications between two people in two browsers: A asks to connect from B's
// profile, B's bell rings without a reload, B accepts from the bell, both see each other on /connections.
// Then the pages to look at (connections with requests, the profile's button, the open bell) at 1280 and
// 375 px in both colour modes: layout checks, axe, screenshots in e2e/screenshots/community-*.
import { axeOn } from "./helpers/axe.ts";
import { type Browser, expect, type Page, request as http, test } from "@playwright/test";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";

async function openAs(browser: Browser, user: E2eUser, { width = 1280, scheme = "dark" as ColorScheme } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  await signInContext(context, user.token);
  const page = await context.newPage();
  await prepareApp(page, { scheme });
  return page;
}

/** Each user signs up from a fresh request context (one keeps the last sign-up's cookie, and Better Auth
 * then asks for an Origin). */
async function newUser(displayName: string) {
  const api = await http.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3100}` });
  const user = await signUpViaApi(api, undefined, { displayName });
  await api.dispose();
  return user;
}

const bell = (page: Page) => page.locator("[data-notification-bell]");
const toast = (page: Page, text: string) => page.locator(".nl-toast").filter({ hasText: text });

async function axeClean(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

test("A asks to connect, B's bell rings live, B accepts from the bell, both see each other", async ({ browser }) => {
  const ada = await newUser("Ada Connect");
  const bob = await newUser("Bob Connect");
  const [a, b] = [await openAs(browser, ada), await openAs(browser, bob)];

  await visit(b, "/courses");
  await expect(bell(b)).toHaveAccessibleName("Notifications");

  await visit(a, `/profile/${bob.username}`);
  await a.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(toast(a, "Connection request sent")).toBeVisible();
  await expect(a.locator("[data-relationship=outgoing]")).toContainText("Pending");

  // No reload on B: the socket brings it.
  await expect(bell(b)).toHaveAccessibleName("Notifications, 1 unread");
  await bell(b).click();
  const item = b.locator("[data-notification=connection_request]");
  await expect(item).toContainText("Ada Connect wants to connect with you.");
  await saveScreenshot(b, "community-bell-request-dark-1280", { fullPage: false });
  await item.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(toast(b, "Connection request accepted")).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(bell(b)).toHaveAccessibleName("Notifications");

  // A hears back, live too.
  await expect(bell(a)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(a.locator("[data-relationship=connected]")).toBeVisible();

  await visit(a, `/connections/${ada.username}`);
  await expect(a.locator(`[data-person="${bob.username}"]`)).toBeVisible();
  await visit(b, `/connections/${bob.username}`);
  await expect(b.locator(`[data-person="${ada.username}"]`)).toBeVisible();
  await saveScreenshot(b, "community-connections-after-dark-1280");

  await visit(b, `/profile/${ada.username}`);
  await b.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toast(b, "Connection removed")).toBeVisible();
  await expect(b.getByRole("button", { name: "Connect", exact: true })).toBeVisible();

  // B blocks A (after confirming); A's request is then refused with the spec's failure toast and the reason.
  await b.getByRole("button", { name: "Block", exact: true }).click();
  const confirm = b.getByRole("dialog", { name: "Block this user?" });
  await confirm.getByRole("button", { name: "Block", exact: true }).click();
  await expect(toast(b, "User blocked")).toBeVisible();
  await expect(b.locator("[data-relationship=blocked]")).toContainText("Blocked");
  await visit(a, `/profile/${bob.username}`);
  await a.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(toast(a, "Failed to add connection")).toContainText("does not accept connection requests from you");
  await a.context().close();
  await b.context().close();
});

for (const scheme of ["dark", "light"] as const) {
  for (const width of [1280, 375]) {
    test(`community pages, ${scheme} mode, ${width}px: sound, accessible, looked at`, async ({ browser, request }) => {
      const me = await newUser("Grace Network");
      const friend = await newUser("Linus Friend");
      const asker = await newUser("Margaret Asks");
      const ids = async (u: E2eUser) => (await (await request.get("/api/profile", { headers: u.headers })).json()).id;
      const connect = (from: E2eUser, to: string) =>
        request.post(`/api/users/connections?friendId=${to}`, { headers: from.headers });
      await connect(friend, await ids(me));
      await request.patch(`/api/users/accept-connection-request?friendId=${await ids(friend)}`, {
        headers: me.headers,
      });
      await connect(asker, await ids(me));
      const page = await openAs(browser, me, { width, scheme });
      const tag = `${scheme}-${width}`;

      await visit(page, `/connections/${me.username}`);
      await expect(page.locator(`[data-person="${asker.username}"]`)).toBeVisible();
      await waitForPreloaderGone(page);
      await page.waitForLoadState("networkidle");
      await expectSoundPage(page, { header: true, footer: true });
      await axeClean(page);
      await saveScreenshot(page, `community-requests-${tag}`);

      await visit(page, `/profile/${asker.username}`);
      await expect(page.locator("[data-relationship=incoming]")).toBeVisible();
      await waitForPreloaderGone(page);
      await expectSoundPage(page, { header: true, footer: true });
      await axeClean(page);
      await saveScreenshot(page, `community-profile-incoming-${tag}`);

      await bell(page).click();
      await expect(page.locator("[data-notification=connection_request]")).toBeVisible();
      await axeClean(page);
      await saveScreenshot(page, `community-bell-${tag}`, { fullPage: false });
      await page.context().close();
    });
  }
}
