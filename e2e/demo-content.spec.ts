// The demo community content a fresh install shows (docs/decisions/042). The suite's server runs with
// DEMO_CONTENT=false (e2e/start-server.mjs), so the other specs start from empty community pages; this spec starts a
// second server of its own on a new embedded database, as a first `npm start` does, and looks at what a new
// member sees: the NeonLab Team's blogs with their covers, its hacks on Explore and an open giveaway round.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axeOn } from "./helpers/axe.ts";
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { prepareApp, waitForApp, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { SESSION_COOKIE, signUpViaApi } from "./helpers/session.ts";

test.describe.configure({ mode: "serial" });

// Beside the suite's server (E2E_PORT, its preview on E2E_PORT + 1).
const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const base = `http://localhost:${port}`;
const BLOG_TITLES = [
  "Welcome to NeonLab: learn by building",
  "Make it glow: neon effects with CSS",
  "Type narrowing in TypeScript, explained with a traffic light",
];
const HACK_TITLES = ["Neon pulse button", "Matrix rain", "Glitch text"];

let server: ChildProcess;
let dataDir: string;
let api: APIRequestContext;
let token: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), "neonlab-e2e-demo-"));
  server = spawn(process.execPath, ["scripts/serve.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PREVIEW_PORT: String(port + 1),
      PUBLIC_URL: base,
      DEV_OUTBOX: "true",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      AUTH_RATE_LIMIT: "false",
      // The courses are not what this spec looks at: a shorter first start.
      IMPORT_CONTENT: "false",
      DEMO_CONTENT: "",
    },
  });
  api = await playwrightRequest.newContext({ baseURL: base });
  await expect
    .poll(async () => (await api.get("/api/ready").catch(() => null))?.status() ?? 0, { timeout: 90_000 })
    .toBe(200);
  token = (await signUpViaApi(api, undefined, { displayName: "New Member" })).token;
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function open(page: Page, path: string) {
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(token), url: base, sameSite: "Lax" }]);
  await page.goto(`${base}${path}`);
  await waitForApp(page);
}

async function axe(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

for (const [scheme, width] of [
  ["dark", 1280],
  ["light", 375],
] as const) {
  test(`a fresh install's blogs, hacks and giveaway are the NeonLab Team's demo content: ${scheme}, ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await prepareApp(page, { scheme });

    await open(page, "/blogs");
    const cards = page.locator("[data-blog]");
    await expect(cards).toHaveCount(BLOG_TITLES.length);
    for (const title of BLOG_TITLES) await expect(cards.getByRole("heading", { name: title })).toBeVisible();
    for (const card of await cards.all()) await expect(card.locator("img")).toHaveAttribute("srcset", /480w/);
    await expect(page.getByText("No blogs yet")).toHaveCount(0);
    await waitForPreloaderGone(page);
    await page.waitForLoadState("networkidle");
    await expectSoundPage(page, { header: true, footer: true });
    await axe(page);
    await saveScreenshot(page, `demo-blogs-${scheme}-${width}`);

    await cards.getByRole("link", { name: BLOG_TITLES[1] }).click();
    await expect(page.getByRole("heading", { level: 1, name: BLOG_TITLES[1] })).toBeVisible();
    await expect(page.locator("[data-author]")).toContainText("NeonLab Team");
    await expect(page.locator("[data-blog-body]")).toContainText("Demo content");

    await open(page, "/hacks?tab=explore");
    const explore = page.getByRole("list", { name: "Hacks on Explore" });
    for (const title of HACK_TITLES) await expect(explore.getByRole("link", { name: title })).toBeVisible();
    await waitForPreloaderGone(page);
    await axe(page);
    await saveScreenshot(page, `demo-hacks-explore-${scheme}-${width}`);

    await open(page, "/giveaway");
    const current = page.locator("[data-current-round]");
    await expect(current.getByRole("heading", { name: "Weekly NeonBits giveaway" })).toBeVisible();
    await expect(current.getByRole("button", { name: "Enter this round" })).toBeVisible();
    await expect(page.getByText("No round right now")).toHaveCount(0);
    await waitForPreloaderGone(page);
    await page.waitForLoadState("networkidle");
    await axe(page);
    await saveScreenshot(page, `demo-giveaway-${scheme}-${width}`);
  });
}
