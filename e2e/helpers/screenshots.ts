import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { visit, waitForPreloaderGone } from "./app.ts";
import { expectSoundPage, type PageChrome } from "./layout.ts";

const DIR = join(process.cwd(), "e2e", "screenshots");
/**
 * The pictures are for people to look at: kept by a local run, not by CI (nobody sees them there, and each
 * full-page PNG costs the browser a few hundred ms on a slow machine). E2E_SCREENSHOTS=1 or 0 decides.
 */
const KEEP = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== "0" : !process.env.CI;

/**
 * Writes a full-page screenshot to e2e/screenshots/<name>.png (kept out of git); `fullPage: false` for what
 * the viewport shows (an open dialog: its overlay covers the viewport, not the whole page).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!KEEP) return;
  mkdirSync(DIR, { recursive: true });
  // Content that mounts near the viewport (the home carousel) mounts before a full-page picture.
  if (fullPage) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
  }
  // Let fonts and images settle so the picture shows the real design.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(DIR, `${name}.png`), fullPage, animations: "disabled" });
}

/** Writes a picture of one element to e2e/screenshots/<name>.png. */
export async function saveElementScreenshot(element: Locator, name: string) {
  if (!KEEP) return;
  mkdirSync(DIR, { recursive: true });
  await element.screenshot({ path: join(DIR, `${name}.png`) });
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
