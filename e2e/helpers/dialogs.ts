// What every dialog owes a keyboard and screen-reader user (spec §2, "Modal dialogs"): a name, a named
// close button, focus inside and kept inside, Escape where allowed, and focus back on its opener.
import { axeOn } from "./axe.ts";
import { expect, type Locator, type Page } from "@playwright/test";

const focusInside = (dialog: Locator) =>
  dialog.evaluate((element) => element.contains(document.activeElement) && document.activeElement !== document.body);

/** How many controls Tab can reach inside the dialog. */
const tabStops = (dialog: Locator) =>
  dialog.evaluate(
    (element) =>
      [
        ...element.querySelectorAll<HTMLElement>(
          "a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]",
        ),
      ].filter((control) => control.tabIndex >= 0 && control.getClientRects().length > 0).length,
  );

/** Axe's WCAG A/AA rules on the open dialog only (its name, its buttons' names, contrast…). */
export async function expectNoAxeViolations(page: Page, selector: string) {
  const results = await axeOn(page)
    .include(selector)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
  expect(summary, `axe on ${selector}`).toEqual([]);
}

/**
 * Checks the open dialog `name`: named, focus inside, its close button named (`closeButton`), Tab and
 * Shift+Tab going round inside it. Returns the dialog.
 */
export async function expectAccessibleDialog(
  page: Page,
  name: string,
  { closeButton = "Close dialog" }: { closeButton?: string | null } = {},
): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name, exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  if (closeButton) await expect(dialog.getByRole("button", { name: closeButton, exact: true })).toBeVisible();
  await expect.poll(() => focusInside(dialog), "focus moves into the dialog").toBe(true);
  const stops = await tabStops(dialog);
  expect(stops, "the dialog has controls to reach").toBeGreaterThan(0);
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 0; press <= stops + 1; press += 1) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `focus stays in "${name}" after ${press + 1}× ${key}`).toBe(true);
    }
  }
  await expectNoAxeViolations(page, "[role=dialog]");
  return dialog;
}

/** Focuses `opener` and presses Enter (the way a keyboard user opens a dialog). */
export async function openWithKeyboard(opener: Locator) {
  await opener.focus();
  await expect(opener).toBeFocused();
  await opener.press("Enter");
}

/** Escape closes the dialog and focus lands on `returnsTo`. */
export async function closeWithEscape(page: Page, dialog: Locator, returnsTo: Locator) {
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(returnsTo, "focus goes back to the control that opened the dialog").toBeFocused();
}
