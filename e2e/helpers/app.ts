import { expect, type Page } from "@playwright/test";

export type ColorScheme = "dark" | "light";

/** Makes the app's preloader count 1 ms per percent (it still fades out). */
export async function prepareApp(page: Page, { scheme, fast = true }: { scheme?: ColorScheme; fast?: boolean } = {}) {
  await page.addInitScript(
    ({ scheme, fast }) => {
      if (fast) window.localStorage.setItem("neonlab-preloader-speed", "1");
      if (scheme) window.localStorage.setItem("neonlab-color-scheme", scheme);
    },
    { scheme, fast },
  );
}

/**
 * Waits until the app has taken the page over (its first render committed: `data-app-started` on <html>,
 * apps/web/src/lib/prerender-markers.ts) and every preloader reached 100 % (one no longer blocks the page
 * while it fades).
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-app-started") &&
      [...document.querySelectorAll("[data-preloader]")].every(
        (overlay) => overlay.getAttribute("data-state") !== "loading",
      ),
  );
}

/** Waits until every preloader is gone (scrolling is unlocked then). */
export async function waitForPreloaderGone(page: Page) {
  await expect(page.locator("[data-preloader]")).toHaveCount(0, { timeout: 10_000 });
}

/** Opens a page and waits for its layout (or the error page). */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}
