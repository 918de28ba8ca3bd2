// The settings page at 375 and 1280 px in both colour modes: every tab sound (layout checks, axe), fields
// side by side lined up, the form three tab stops away (skip link, tab list, first field), no dialog
// opening by itself. Screenshots of each tab for people (e2e/screenshots/settings-*).
import { axeOn } from "./helpers/axe.ts";
import { expect, type Locator, test } from "@playwright/test";
import { visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { signedInUser } from "./helpers/signed-in.ts";

const TABS = ["profile", "account", "subscription", "editor", "avatar", "notifications", "neonbits"] as const;

const top = async (locator: Locator) => Math.round((await locator.boundingBox())?.y ?? -1);
const left = async (locator: Locator) => Math.round((await locator.boundingBox())?.x ?? -1);

/** Two fields of one row: side by side on one line on a wide screen; on a phone stacked, left edges lined up. */
async function expectPaired(a: Locator, b: Locator, width: number, what: string) {
  if (width >= 768) {
    expect(await top(a), `${what}: inputs on one line`).toBe(await top(b));
    return;
  }
  expect(await left(a), `${what}: stacked inputs start at one edge`).toBe(await left(b));
  expect(await top(b), `${what}: the second under the first`).toBeGreaterThan(await top(a));
}

for (const scheme of ["dark", "light"] as const) {
  for (const width of [1280, 375]) {
    test.describe(`settings, ${scheme} mode, ${width}px`, () => {
      signedInUser({ displayName: "Settings Tester", width, scheme });

      for (const tab of TABS) {
        test(`the ${tab} tab: sound layout, no axe violations`, async ({ page }) => {
          await visit(page, `/settings?tab=${tab}`);
          await waitForPreloaderGone(page);
          await page.waitForLoadState("networkidle");
          await expect(page.getByRole("tab", { selected: true })).toHaveText(new RegExp(tab, "i"));
          await expect(page.getByRole("dialog")).toHaveCount(0);
          await expectSoundPage(page, { header: true, footer: true });
          const results = await axeOn(page)
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
            .analyze();
          expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
          await saveScreenshot(page, `settings-${tab}-${scheme}-${width}`);
        });
      }

      test("paired fields line up by their inputs (side by side, or stacked on a phone)", async ({ page }) => {
        await visit(page, "/settings?tab=profile");
        const pairs = [
          ["Display name", "Username"],
          ["Location", "Work place"],
          ["GitHub", "Twitter / X"],
        ] as const;
        for (const [first, second] of pairs) {
          const [a, b] = [page.getByLabel(first, { exact: false }).first(), page.getByLabel(second).first()];
          await expectPaired(a, b, width, `${first} and ${second}`);
        }
        await visit(page, "/settings?tab=account");
        await expectPaired(
          page.getByRole("textbox", { name: "New password", exact: true }),
          page.getByRole("textbox", { name: "Repeat the new password" }),
          width,
          "the new password twice",
        );
        await visit(page, "/settings?tab=editor");
        await expectPaired(
          page.getByLabel("Code Editor Theme").first(),
          page.getByLabel("Code Editor Font Family").first(),
          width,
          "editor theme and font",
        );
      });

      test("keyboard: skip link, the tab list, then the form's first field", async ({ page }) => {
        await visit(page, "/settings");
        await waitForPreloaderGone(page);
        // The keyboard path of the page as shown, not of the shell while the settings still load.
        await expect(page.getByRole("textbox", { name: "Display name" })).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
        await page.keyboard.press("Enter");
        await page.keyboard.press("Tab");
        await expect(page.getByRole("tab", { name: "Profile" })).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(page.getByRole("textbox", { name: "Display name" })).toBeFocused();
      });

      test("a wrong current password is said beside that field, not only in a toast", async ({ page }) => {
        await visit(page, "/settings?tab=account");
        await waitForPreloaderGone(page);
        const current = page.getByLabel(/^Current password/);
        await current.fill("not-my-password-at-all");
        await page.getByRole("textbox", { name: "New password", exact: true }).fill("lantern-harbour-71");
        await page.getByRole("textbox", { name: "Repeat the new password" }).fill("lantern-harbour-71");
        await page.getByRole("button", { name: "Update Password" }).click();
        await expect(current).toHaveAccessibleDescription(/Invalid password/);
        await current.scrollIntoViewIfNeeded();
        await saveScreenshot(page, `settings-password-error-${scheme}-${width}`, { fullPage: false });
      });
    });
  }
}
