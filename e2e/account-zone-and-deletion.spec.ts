// A learner's account in Chromium, the first hour: the sign-in pages offer only the providers the server has
// (none on this server), a sign-up keeps the browser's time zone, Settings offers a browser's other zone, and
// deleting the account asks for the password. At 1280 and 375 px in both colour modes; screenshots in
// e2e/screenshots/account-*.
import { MESSAGES } from "@neonlab/shared/messages";
import { DELETE_ACCOUNT_MESSAGES } from "@neonlab/shared/schemas/auth";
import { expect, type Page, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { newestMailId, waitForCode } from "./helpers/outbox.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { uniqueEmail } from "./helpers/session.ts";
import { signedInUser } from "./helpers/signed-in.ts";

const NOTICE = "Your browser is in another time zone";
/** The profile form's Time zone field (a searchable select: its input, not its list). */
const timeZoneField = (page: Page) => page.locator("input").and(page.getByLabel(/^Time zone/));

test("the sign-in pages offer no provider this server has no credentials for", async ({ page, request }) => {
  expect(await (await request.get("/api/config")).json()).toEqual({ oauthProviders: [] });
  await prepareApp(page);
  for (const path of ["/login", "/register"]) {
    await visit(page, path);
    await expect(page.getByRole("textbox", { name: /^Email/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Continue with/ })).toHaveCount(0);
    await expect(page.getByText("or with your email")).toHaveCount(0);
  }
});

test.describe("a sign-up from a browser in Los Angeles", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("keeps the browser's time zone: Settings shows it and offers nothing", async ({ page, request }) => {
    await prepareApp(page);
    const email = uniqueEmail("zone");
    const before = await newestMailId(request, email);
    await visit(page, "/register");
    await page.getByLabel(/^Display name/).fill("Pacific Learner");
    await page.getByRole("textbox", { name: /^Email/ }).fill(email);
    await page.getByRole("textbox", { name: /^Password/ }).fill("violet-kettle-42");
    await page.getByRole("button", { name: "Create Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm your email" });
    await dialog.getByLabel("Confirmation code").fill(await waitForCode(request, email, before));
    await dialog.getByRole("button", { name: "Submit Code" }).click();
    await expect(page).toHaveURL(/\/courses$/);

    await visit(page, "/settings");
    await expect(timeZoneField(page)).toHaveValue("America/Los_Angeles");
    await expect(page.getByRole("region", { name: NOTICE })).toHaveCount(0);
  });
});

for (const scheme of ["dark", "light"] as const) {
  for (const width of [1280, 375]) {
    test.describe(`account settings from a browser in Tokyo, ${scheme} mode, ${width}px`, () => {
      test.use({ timezoneId: "Asia/Tokyo" });
      // Signed up through the API (no zone sent): UTC.
      const user = signedInUser({ displayName: "Zone Tester", width, scheme });

      test("Settings offers the browser's zone; Dismiss is remembered", async ({ page }) => {
        await visit(page, "/settings");
        await waitForPreloaderGone(page);
        const notice = page.getByRole("region", { name: NOTICE });
        await expect(notice).toContainText("Your streak days follow UTC; this browser is set to Asia/Tokyo.");
        await page.waitForLoadState("networkidle");
        await expectSoundPage(page, { header: true, footer: true });
        await saveScreenshot(page, `account-zone-notice-${scheme}-${width}`, { fullPage: false });
        await notice.getByRole("button", { name: "Dismiss" }).click();
        await expect(notice).toHaveCount(0);

        await visit(page, "/settings");
        await expect(timeZoneField(page)).toHaveValue("UTC");
        await expect(notice).toHaveCount(0);
      });

      test("Use saves the browser's zone", async ({ page, request }) => {
        // Another test's browser context: the dismissal above is not remembered here.
        await visit(page, "/settings");
        await page.getByRole("button", { name: "Use Asia/Tokyo" }).click();
        await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
        await expect(page.getByRole("region", { name: NOTICE })).toHaveCount(0);
        await expect(timeZoneField(page)).toHaveValue("Asia/Tokyo");
        const profile = await request.get("/api/profile", { headers: user().headers });
        expect((await profile.json()).time_zone).toBe("Asia/Tokyo");
      });

      test("deleting the account asks for the password; a wrong one deletes nothing", async ({ page, request }) => {
        await visit(page, "/settings?tab=account");
        await waitForPreloaderGone(page);
        await page.getByRole("button", { name: "Delete Account" }).click();
        const dialog = page.getByRole("dialog", { name: "Delete account" });
        const password = dialog.getByLabel(/^Password/);
        await expect(password).toBeFocused();
        await expect(dialog).toContainText("This can not be undone.");
        // No subscription here: nothing said about one.
        await expect(dialog.getByRole("button", { name: "Delete Account" })).toBeEnabled();
        await expect(dialog.locator("[data-subscription-notice]")).toHaveCount(0);
        await saveScreenshot(page, `account-delete-${scheme}-${width}`, { fullPage: false });

        await password.fill("not-my-password");
        await dialog.getByRole("button", { name: "Delete Account" }).click();
        await expect(dialog.getByText(DELETE_ACCOUNT_MESSAGES.wrongPassword)).toBeVisible();
        await saveScreenshot(page, `account-delete-wrong-${scheme}-${width}`, { fullPage: false });
        expect((await request.get("/api/profile", { headers: user().headers })).status()).toBe(200);

        await password.fill(user().password);
        await dialog.getByRole("button", { name: "Delete Account" }).click();
        await expect(page.getByText(MESSAGES.accountDeleted)).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
        expect((await request.get("/api/profile", { headers: user().headers })).status()).toBe(401);
      });
    });
  }
}
