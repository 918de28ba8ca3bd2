// The settings page at 375 and 1280 px in both colour modes: every tab sound (layout checks, axe), fields
// side by side lined up, the form three tab stops away (skip link, tab list, first field), no dialog
// opening by itself. Screenshots of each tab for people (e2e/screenshots/settings-*).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, test } from "@playwright/test";
import { visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { signedInUser } from "./helpers/signed-in.ts";

const TABS = ["profile", "account", "editor", "avatar"] as const;

const top = async (locator: Locator) => Math.round((await locator.boundingBox())?.y ?? -1);

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
          const results = await new AxeBuilder({ page })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
            .analyze();
          expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
          await saveScreenshot(page, `settings-${tab}-${scheme}-${width}`);
        });
      }

      test("side-by-side fields line up by their inputs", async ({ page }) => {
        test.skip(width < 768, "one column on small screens");
        await visit(page, "/settings?tab=profile");
        const pairs = [
          ["Display name", "Username"],
          ["Location", "Work place"],
          ["GitHub", "Twitter / X"],
        ] as const;
        for (const [left, right] of pairs) {
          const [a, b] = [page.getByLabel(left, { exact: false }).first(), page.getByLabel(right).first()];
          expect(await top(a), `${left} and ${right} inputs on one line`).toBe(await top(b));
        }
        await visit(page, "/settings?tab=account");
        expect(await top(page.getByRole("textbox", { name: "New password", exact: true }))).toBe(
          await top(page.getByRole("textbox", { name: "Repeat the new password" })),
        );
        await visit(page, "/settings?tab=editor");
        expect(await top(page.getByLabel("Code Editor Theme").first())).toBe(
          await top(page.getByLabel("Code Editor Font Family").first()),
        );
      });

      test("keyboard: skip link, the tab list, then the form's first field", async ({ page }) => {
        await visit(page, "/settings");
        await waitForPreloaderGone(page);
        await page.keyboard.press("Tab");
        await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
        await page.keyboard.press("Enter");
        await page.keyboard.press("Tab");
        await expect(page.getByRole("tab", { name: "Profile" })).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(page.getByRole("textbox", { name: "Display name" })).toBeFocused();
      });
    });
  }
}
