import { expect, type Page, test } from "@playwright/test";
import { prepareApp, visit, waitForApp, waitForPreloaderGone } from "./helpers/app.ts";

// The page-load preloader follows the spec's timing from navigation start (100 × 15 ms, then a 1400 ms
// fade: 2900 ms) and no longer; scripts/measure-preloader.mjs prints the figures. The deadline here is
// generous (a loaded CI machine), the lower bound says the timing is followed, not skipped.
test("the page-load preloader leaves on the spec's timing from navigation start, the page rendered beneath", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const times: { listAt?: number; goneAt?: number } = {};
    (window as { times?: typeof times }).times = times;
    const observer = new MutationObserver(() => {
      times.listAt ??= document.querySelector("[data-course-list]") ? performance.now() : undefined;
      if (document.body && !document.getElementById("nl-page-preloader") && document.readyState !== "loading") {
        times.goneAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto("/courses", { waitUntil: "commit" });
  const times = (await (
    await page.waitForFunction(
      () => {
        const { times } = window as { times?: { goneAt?: number } };
        return times?.goneAt ? times : undefined;
      },
      undefined,
      {
        timeout: 10_000,
      },
    )
  ).jsonValue()) as { listAt?: number; goneAt: number };
  expect(times.goneAt).toBeGreaterThanOrEqual(2_850);
  expect(times.goneAt).toBeLessThan(5_000);
  // Beneath the overlay the page was there all along.
  expect(times.listAt).toBeLessThan(times.goneAt);
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
});

test("a client-side navigation never shows the preloader", async ({ page }) => {
  await prepareApp(page);
  await visit(page, "/");
  await expect(page.locator("[data-preloader]")).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => {
    const seen = { preloader: false };
    (window as { seen?: typeof seen }).seen = seen;
    new MutationObserver(() => {
      if (document.querySelector("[data-preloader]")) seen.preloader = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole("banner").getByRole("link", { name: "Courses", exact: true }).first().click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.locator("[data-course-list]")).toBeVisible();
  await page.getByRole("link", { name: "Pricing", exact: true }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { seen?: { preloader: boolean } }).seen?.preloader)).toBe(false);
});

type PreloaderSeen = { shown: boolean; locked: boolean };

/**
 * Records inside the page, from its first byte, whether the page-load overlay was ever in the document and
 * displayed, and whether scrolling was ever locked. The observer runs before each parser-inserted script
 * (the HTML parser's microtask checkpoint), so an overlay that a script removes right away is still seen.
 */
async function watchPreloader(page: Page) {
  await page.addInitScript(() => {
    const seen = { shown: false, locked: false };
    (window as { preloaderSeen?: typeof seen }).preloaderSeen = seen;
    const check = () => {
      const overlay = document.getElementById("nl-page-preloader");
      if (overlay && getComputedStyle(overlay).display !== "none") seen.shown = true;
      if (document.documentElement?.style.overflow === "hidden") seen.locked = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

const preloaderSeen = (page: Page) =>
  page.evaluate(() => (window as { preloaderSeen?: PreloaderSeen }).preloaderSeen ?? { shown: true, locked: true });

test("the preloader shows on a tab's first full load only: not on a reload or the next full load", async ({
  page,
  context,
}) => {
  await prepareApp(page);
  await watchPreloader(page);
  await visit(page, "/courses");
  expect(await preloaderSeen(page)).toEqual({ shown: true, locked: true });
  await waitForPreloaderGone(page);

  for (const next of [() => page.reload(), () => page.goto("/about"), () => page.goto("/projects?from=bookmark")]) {
    await next();
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-started"));
    expect(await preloaderSeen(page), page.url()).toEqual({ shown: false, locked: false });
    await expect(page.locator("[data-preloader]")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
  }

  // Another tab is another session: its first load shows the overlay again.
  const other = await context.newPage();
  await watchPreloader(other);
  await visit(other, "/about");
  expect((await preloaderSeen(other)).shown).toBe(true);
});

test("a checkout's or sign-in's return page and a mail link's landing page never show the preloader", async ({
  context,
}) => {
  for (const path of [
    "/payment/neonbits/success?session_id=cs_test_1",
    "/payment/subscription/cancel",
    "/redirect",
    "/reset-password?token=from-the-mail",
    "/settings?tab=account",
    "/register?referral=INVITE1",
  ]) {
    // A new tab, as a mail link or a provider's return opens: the tab's first full load. Signed out, the
    // payment returns and /settings land on /login (the server's redirect), the page kept for after sign-in.
    const page = await context.newPage();
    await prepareApp(page);
    await watchPreloader(page);
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-started"));
    expect(await preloaderSeen(page), path).toEqual({ shown: false, locked: false });
    await expect(page.locator("#nl-page-preloader"), path).toHaveCount(0);
    await page.close();
  }
});

test("paths that match no route, and courses, lessons or learners that do not exist, answer 404 with the not-found page", async ({
  page,
  request,
}) => {
  for (const path of ["/no/such/place", "/courses/no-such-course", "/courses/web-foundations/no-such-lesson"]) {
    await prepareApp(page);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  // The page a visitor then sees is the site's not-found page, for an unknown path and a missing course alike.
  for (const path of ["/no/such/place", "/courses/no-such-course"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("[data-error-page]"), path).toHaveAttribute("data-status", "404");
    await expect(page.locator("[data-error-message]"), path).toContainText(`Page Not Found: ${path}`);
  }
  for (const path of [
    "/",
    "/courses",
    "/courses/web-foundations",
    "/courses/javascript-essentials",
    "/profile/nobody-at-all",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(path.startsWith("/profile/") ? 404 : 200);
  }
});

/**
 * Opens /login (as a hidden tab if asked) and returns how many modulepreload links each task added, once the
 * app has taken the page over. Mutation records arrive at the end of the task that made them: one callback
 * per task.
 */
async function preloadBatches(page: Page, { hidden }: { hidden: boolean }) {
  await page.addInitScript((hidden) => {
    if (hidden) Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    const batches: number[] = [];
    (window as { preloadBatches?: number[] }).preloadBatches = batches;
    new MutationObserver((records) => {
      const added = records
        .flatMap((record) => [...record.addedNodes])
        .filter((node) => node instanceof HTMLLinkElement && node.rel === "modulepreload").length;
      if (added > 0) batches.push(added);
    }).observe(document, { childList: true, subtree: true });
  }, hidden);
  await page.goto("/login");
  await waitForApp(page);
  const batches = await page.evaluate(() => (window as { preloadBatches?: number[] }).preloadBatches ?? []);
  return { batches, inPage: await page.locator('link[rel="modulepreload"]').count() };
}

// A prerendered page asks for its ~90 chunks a few at a time, one task after another, so no single task of
// its start holds up input; every chunk is still asked for and the page is taken over.
test("a prerendered page's chunks are asked for a few per task, then the app takes the page over", async ({ page }) => {
  const { batches, inPage } = await preloadBatches(page, { hidden: false });
  expect(batches.reduce((sum, count) => sum + count, 0)).toBe(inPage);
  expect(inPage).toBeGreaterThan(20);
  expect(Math.max(...batches)).toBeLessThanOrEqual(3);
});

test("in a hidden tab, whose timers run once a second, a prerendered page asks for all its chunks at once", async ({
  page,
}) => {
  const { batches, inPage } = await preloadBatches(page, { hidden: true });
  expect(batches).toEqual([inPage]);
});

// Chrome decodes the tab's icon in the page's own main thread, and an SVG icon there is a document of its own
// (a task of 12–25 ms on a slow machine, four times that on a phone): the icon is a small PNG.
test("the tab icon every page names is a small PNG", async ({ page, request }) => {
  for (const path of ["/", "/pricing", "/courses/no-such-course"]) {
    await visit(page, path);
    const icons = await page
      .locator('link[rel~="icon"]')
      .evaluateAll((links) =>
        links.map((link) => ({ href: link.getAttribute("href"), type: link.getAttribute("type") })),
      );
    expect(icons, path).toEqual([{ href: "/icons/favicon-32.png", type: "image/png" }]);
  }
  const icon = await request.get("/icons/favicon-32.png");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/png");
  expect((await icon.body()).length).toBeLessThan(8 * 1024);
});
