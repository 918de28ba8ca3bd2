import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

const DIR = join(process.cwd(), "e2e", "screenshots");

/**
 * Writes a full-page screenshot to e2e/screenshots/<name>.png (kept out of git); `fullPage: false` for what
 * the viewport shows (an open dialog: its overlay covers the viewport, not the whole page).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync(DIR, { recursive: true });
  // Let fonts and images settle so the picture shows the real design.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(DIR, `${name}.png`), fullPage, animations: "disabled" });
}
