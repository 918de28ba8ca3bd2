import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { visit, waitForPreloaderGone } from "./app.ts";
import { expectSoundPage, type PageChrome } from "./layout.ts";

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

/** A page to look at: where it is, what shows it is ready, and the chrome it has. */
export type Shot = { name: string; path: string; ready: string; chrome: PageChrome };

/**
 * Opens the shot's page, waits until it is settled (preloader gone, network idle), checks it as a person
 * would (helpers/layout.ts), runs `more` (axe, say), and keeps its picture as `file`.
 */
export async function lookAt(page: Page, shot: Shot, file: string, more?: () => Promise<void>) {
  await visit(page, shot.path);
  await expect(page.locator(shot.ready).first()).toBeVisible();
  await waitForPreloaderGone(page);
  await page.waitForLoadState("networkidle");
  await test.step(shot.name, () => expectSoundPage(page, shot.chrome));
  if (more) await test.step(`${shot.name}: more checks`, more);
  await saveScreenshot(page, file);
}
