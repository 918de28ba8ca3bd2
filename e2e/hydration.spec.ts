import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  HYDRATION_MISMATCH,
  PRERENDER_DISABLED,
  PRERENDERED,
  QUERY_STATE_ID,
} from "../apps/web/src/lib/prerender-markers.ts";
import { prepareApp, waitForApp } from "./helpers/app.ts";
import { signUpViaApi } from "./helpers/session.ts";

// The public pages the build prerendered (the server sends them for these paths).
const webDist = process.env.WEB_DIST ?? join(import.meta.dirname, "../apps/web/dist");
const PRERENDERED_PAGES = Object.keys(
  JSON.parse(readFileSync(join(webDist, "prerender/pages.json"), "utf8")) as Record<string, string>,
);

declare global {
  interface Window {
    /** The page's <main> as the HTML delivered it, before any script of the app ran. */
    nlDeliveredMain?: Element | null;
    /** The ids of the components that have one (inputs, tabs…), as the HTML delivered them. */
    nlDeliveredIds?: string[];
  }
}

test("the build prerendered the public pages", () => {
  expect(PRERENDERED_PAGES).toEqual(expect.arrayContaining(["/", "/courses", "/login", "/register", "/pricing"]));
});

for (const scheme of ["dark", "light"] as const) {
  test.describe(`hydration, ${scheme} mode`, () => {
    test.describe.configure({ mode: "parallel" });
    for (const path of PRERENDERED_PAGES) {
      test(`${path} is taken over as delivered, without a mismatch`, async ({ page }) => {
        const problems: string[] = [];
        page.on("console", (message) => {
          const text = message.text();
          // Chromium warns (not errs) about a Permissions-Policy feature it does not know.
          if (message.type() === "error" || text.includes(HYDRATION_MISMATCH) || text.includes("Permissions-Policy")) {
            problems.push(text);
          }
        });
        page.on("pageerror", (error) => problems.push(error.message));
        await prepareApp(page, { scheme });
        await page.addInitScript(() => {
          document.addEventListener("DOMContentLoaded", () => {
            window.nlDeliveredMain = document.querySelector("#root main");
            window.nlDeliveredIds = [...document.querySelectorAll('#root [id^="mantine-"]')].map((node) => node.id);
          });
        });
        await page.goto(path);
        await expect(page.locator(`#root[${PRERENDERED}]`)).toHaveCount(1);
        await waitForApp(page);
        // React kept the delivered elements (a fresh render would have replaced <main>) …
        expect(await page.evaluate(() => window.nlDeliveredMain === document.querySelector("#root main"))).toBe(true);
        // … enabled the controls the build disabled, and switched the toggle to the saved mode.
        await expect(page.locator(`[${PRERENDER_DISABLED}]`)).toHaveCount(0);
        await expect(page.getByTestId("color-scheme-toggle").first()).toHaveAttribute("data-scheme", scheme);
        // … and kept the components' ids (a new id each was a synchronous re-render of them all).
        const ids = await page.evaluate(() => ({
          delivered: window.nlDeliveredIds ?? [],
          missing: (window.nlDeliveredIds ?? []).filter((id) => !document.getElementById(id)),
        }));
        if (path === "/login") expect(ids.delivered.length).toBeGreaterThan(0);
        expect(ids.missing).toEqual([]);
        expect(problems).toEqual([]);
      });
    }
  });
}

test("/courses arrives with the catalogue: cards and covers in the HTML, drawn without asking the API", async ({
  page,
  request,
}) => {
  const delivered = await (await request.get("/courses")).text();
  expect(delivered).toContain(`id="${QUERY_STATE_ID}"`);
  expect(delivered).toMatch(/<img[^>]+src="\/api\/content-assets\/[^"]+\/cover\.svg/);
  const catalogueCalls: string[] = [];
  page.on("request", (sent) => {
    if (/^\/api\/course(s|-categories)$/.test(new URL(sent.url()).pathname)) catalogueCalls.push(sent.url());
  });
  await prepareApp(page);
  // The server keeps one render while the catalogue is unchanged: its data counts as fetched when sent,
  // however old the render (here the browser's clock is ten minutes past it).
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  await page.goto("/courses");
  await waitForApp(page);
  const cards = page.locator("[data-course]");
  expect(await cards.count()).toBeGreaterThan(1);
  await expect(page.getByRole("group", { name: "Filter by category" }).getByText("All courses")).toBeVisible();
  expect(catalogueCalls).toEqual([]);
  // The delivered list is live: choosing a category still asks the API.
  await page.getByRole("group", { name: "Filter by category" }).locator("label").nth(1).click();
  await expect.poll(() => catalogueCalls.length).toBeGreaterThan(0);
});

// The other pages whose first view is API data arrive with it: the HTML holds the cards (or the empty state), not
// a loading state, and the app draws from the delivered cache instead of asking the API again. The home page's
// carousel sits below the fold and renders when scrolled near, from that cache.
const LIVE_PAGES = [
  { path: "/", api: /^\/api\/courses\/public$/, html: null, shown: "article a[href^='/courses/']" },
  {
    path: "/projects",
    api: /^\/api\/projects$/,
    html: /<img[^>]+src="\/api\/project-assets\//,
    shown: "[data-project-list] article",
  },
  // Blogs published by other specs, or none yet (the e2e server starts without community content).
  {
    path: "/blogs",
    api: /^\/api\/blogs(\/categories)?$/,
    html: /data-blog="|No blogs yet/,
    shown: "[data-blog], [data-empty]",
  },
];
for (const live of LIVE_PAGES) {
  test(`${live.path} arrives with its data, drawn without asking the API`, async ({ page, request }) => {
    const delivered = await (await request.get(live.path)).text();
    expect(delivered).toContain(`id="${QUERY_STATE_ID}"`);
    if (live.html) expect(delivered).toMatch(live.html);
    expect(delivered).not.toMatch(/aria-label="Loading (projects|blogs)"/);
    const calls: string[] = [];
    page.on("request", (sent) => {
      if (live.api.test(new URL(sent.url()).pathname)) calls.push(sent.url());
    });
    await prepareApp(page);
    await page.goto(live.path);
    await waitForApp(page);
    // The home page's carousel mounts when its place comes near the viewport.
    if (live.path === "/") await page.getByRole("heading", { name: "Courses to start with" }).scrollIntoViewIfNeeded();
    await expect(page.locator(live.shown).first()).toBeVisible();
    expect(calls).toEqual([]);
  });
}

test("the hydrated login form signs in", async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await prepareApp(page);
  await page.goto("/login");
  await waitForApp(page);
  await page.getByRole("textbox", { name: /^Email/ }).fill(user.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole("button", { name: `Account menu for ${user.displayName}` })).toBeVisible();
});

test("a signed-in visitor of a prerendered page gets the signed-in header", async ({ page, request }) => {
  const user = await signUpViaApi(request, page.context());
  await prepareApp(page);
  await page.goto("/about");
  await waitForApp(page);
  await expect(page.getByRole("button", { name: `Account menu for ${user.displayName}` })).toBeVisible();
});
