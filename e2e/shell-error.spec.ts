import { expect, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";

test("an unknown route shows the 404 error page with every element", async ({ page }) => {
  await prepareApp(page);
  await visit(page, "/no/such/place?x=1");
  const errorPage = page.locator("[data-error-page]");
  await expect(errorPage).toBeVisible();
  await expect(errorPage).toHaveAttribute("data-status", "404");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
  await expect(page.locator("[data-status-message]")).toHaveText("Not Found");
  await expect(page.locator("[data-error-message]")).toContainText("Page Not Found: /no/such/place");
  const timestamp = ((await page.locator("[data-error-timestamp]").textContent()) ?? "").replace(
    /^.*TIMESTAMP:\s*/,
    "",
  );
  expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(Math.abs(Date.parse(timestamp) - Date.now())).toBeLessThan(60_000);
  await expect(page.locator("[data-error-recovery]")).toContainText("recovery protocol");
  await expect(page).toHaveTitle("404 Not Found · NeonLab");

  // The binary grid: 20 rows × 40 columns of 0/1, refreshed every 100 ms.
  const rows = page.locator("[data-binary-grid] [data-row]");
  await expect(rows).toHaveCount(20);
  const before = await rows.allInnerTexts();
  for (const row of before) expect(row).toMatch(/^[01]{40}$/);
  await page.waitForTimeout(600);
  const after = await rows.allInnerTexts();
  for (const row of after) expect(row).toMatch(/^[01]{40}$/);
  expect(after.join("")).not.toBe(before.join(""));

  const home = page.getByRole("link", { name: "Return to Home" });
  await expect(home).toHaveAttribute("href", "/");
  await waitForPreloaderGone(page);
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-nl-layout="home"]')).toBeVisible();
});

test("the error page's preloader leaves after its 300 ms transition", async ({ page }) => {
  await page.goto("/missing");
  await expect(page.locator("[data-error-page] [data-preloader]")).toBeVisible();
  // Watch in the page itself: the fade lasts only 300 ms.
  const timing = await page.evaluate(
    () =>
      new Promise<{ fade: number; gone: number }>((resolve) => {
        let fade = 0;
        const check = () => {
          const overlay = document.querySelector("[data-error-page] [data-preloader]");
          if (!fade && overlay?.getAttribute("data-state") === "fading") fade = performance.now();
          if (fade && !overlay) {
            observer.disconnect();
            resolve({ fade, gone: performance.now() });
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        check();
      }),
  );
  expect(timing.gone - timing.fade).toBeGreaterThanOrEqual(250);
  expect(timing.gone - timing.fade).toBeLessThan(1_000);
});

test("the grid stands still under reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await prepareApp(page);
  await visit(page, "/missing");
  const rows = page.locator("[data-binary-grid] [data-row]");
  const before = (await rows.allInnerTexts()).join("");
  await page.waitForTimeout(500);
  expect((await rows.allInnerTexts()).join("")).toBe(before);
});

test("the preloader counts to 100, locks scrolling, then fades and restores it", async ({ page }) => {
  // Every value the counter shows is recorded inside the page (a loaded machine can make a poll from the test
  // miss every step between 0 and 100), and the count runs at 40 ms per percent (the page's test knob) so a
  // slow first paint still shows steps below 100.
  await page.addInitScript(() => {
    localStorage.setItem("neonlab-preloader-speed", "40");
    const seen: string[] = [];
    (window as unknown as { __preloaderSeen: string[] }).__preloaderSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector("[data-preloader-counter]")?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The page-load overlay leaves 5.4 s after navigation start here: watch from the first byte, not from "load".
  await page.goto("/help", { waitUntil: "commit" });
  const preloader = page.locator("[data-preloader]").first();
  await expect(preloader).toBeVisible();
  await expect(preloader).toContainText("LOADING");
  await expect(preloader).toContainText("CAUTION, Do not turn off.");
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("hidden");
  await expect(preloader).toHaveAttribute("aria-valuenow", "100", { timeout: 10_000 });
  const seen = new Set(
    (await page.evaluate(() => (window as unknown as { __preloaderSeen: string[] }).__preloaderSeen)).map((text) =>
      Number.parseInt(text, 10),
    ),
  );
  expect(seen.has(100)).toBe(true);
  expect([...seen].some((v) => v > 0 && v < 100)).toBe(true);
  await expect(preloader).toHaveAttribute("data-state", "fading");
  await expect(preloader).toHaveAttribute("aria-valuenow", "100");
  // Still locked during the 1400 ms fade …
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("hidden");
  // … and restored once the overlay is gone.
  await expect(page.locator("[data-preloader]")).toHaveCount(0, { timeout: 3_000 });
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
  await page.evaluate(() => window.scrollTo(0, 400));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("an unhandled error switches to the error page and is reported", async ({ page }) => {
  await prepareApp(page);
  await visit(page, "/about");
  const report = page.waitForRequest(
    (request) => request.url().endsWith("/api/client-errors") && request.method() === "POST",
  );
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("Reactor core breach");
    }, 0);
  });
  const body = (await report).postDataJSON() as { message: string; path: string };
  expect(body.message).toBe("Reactor core breach");
  expect(body.path).toBe("/about");
  await expect(page.locator("[data-error-page]")).toHaveAttribute("data-status", "500");
  await expect(page.locator("[data-error-message]")).toContainText("Reactor core breach");
});

test("a toast whose code can no longer load (a release removed it) shows the error page, not a blank one", async ({
  page,
}) => {
  await prepareApp(page);
  await visit(page, "/login");
  // From here on no script loads: the toasts' host and store are fetched with the first toast.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.getByRole("textbox", { name: /^Email/ }).fill("nobody@example.test");
  await page.getByRole("textbox", { name: /^Password/ }).fill("Wrong-password-123!");
  await page.getByRole("button", { name: "Sign In" }).first().click();
  await expect(page.locator("[data-error-page]")).toHaveAttribute("data-status", "500");
  await expect(page.locator("[data-error-message]")).toContainText("dynamically imported module");
});
