import { expect, type Page, test } from "@playwright/test";
import { prepareApp, visit } from "./helpers/app.ts";
import { signInContext, signUpViaApi } from "./helpers/session.ts";

type Guard = "public" | "guest" | "private" | "has-access" | "admin";
type Layout = "basic" | "blog" | "default" | "hack" | "home" | "lesson";

// Every route of spec §2 (with sample parameters), its layout and guard — see docs/architecture.md.
const ROUTES: { path: string; layout: Layout; guard: Guard }[] = [
  { path: "/", layout: "home", guard: "public" },
  { path: "/about", layout: "default", guard: "public" },
  { path: "/admin/money", layout: "default", guard: "admin" },
  { path: "/admin/users", layout: "default", guard: "admin" },
  { path: "/app/reports", layout: "default", guard: "admin" },
  { path: "/blogs", layout: "default", guard: "public" },
  { path: "/blogs/my-blogs", layout: "default", guard: "private" },
  { path: "/blogs/categories/web-development", layout: "default", guard: "public" },
  { path: "/blogs/hello-neon", layout: "basic", guard: "public" },
  { path: "/blogs/42/edit", layout: "blog", guard: "has-access" },
  { path: "/connections/someone", layout: "default", guard: "public" },
  { path: "/contact", layout: "default", guard: "public" },
  { path: "/courses", layout: "default", guard: "public" },
  { path: "/courses/web-foundations", layout: "default", guard: "public" },
  { path: "/courses/web-foundations/your-first-page", layout: "lesson", guard: "private" },
  { path: "/features", layout: "home", guard: "public" },
  { path: "/forgot", layout: "default", guard: "guest" },
  { path: "/giveaway", layout: "default", guard: "private" },
  { path: "/hack/ada/neon-rain", layout: "hack", guard: "public" },
  { path: "/hack/ada/view/neon-rain", layout: "hack", guard: "public" },
  { path: "/hacks", layout: "default", guard: "private" },
  { path: "/help", layout: "default", guard: "public" },
  { path: "/lessons/reports", layout: "default", guard: "admin" },
  { path: "/login", layout: "default", guard: "guest" },
  { path: "/payment/neonbits/success", layout: "default", guard: "private" },
  { path: "/payment/neonbits/cancel", layout: "default", guard: "private" },
  { path: "/payment/subscription/success", layout: "default", guard: "private" },
  { path: "/payment/subscription/cancel", layout: "default", guard: "private" },
  { path: "/policy", layout: "default", guard: "public" },
  { path: "/pricing", layout: "default", guard: "public" },
  { path: "/profile/someone", layout: "default", guard: "public" },
  { path: "/projects", layout: "default", guard: "public" },
  { path: "/projects/categories/web-development", layout: "default", guard: "public" },
  { path: "/projects/responsive-landing-page", layout: "basic", guard: "public" },
  { path: "/rank", layout: "default", guard: "public" },
  { path: "/register", layout: "default", guard: "guest" },
  { path: "/reset-password", layout: "default", guard: "public" },
  { path: "/settings", layout: "default", guard: "private" },
  { path: "/shop", layout: "default", guard: "private" },
  { path: "/terms", layout: "home", guard: "public" },
  { path: "/tutorials", layout: "home", guard: "public" },
];

const pathOf = (page: Page) => new URL(page.url()).pathname;
const layout = (page: Page, name: Layout) => page.locator(`[data-nl-layout="${name}"]`);

async function returnPathCookie(page: Page) {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === "neonlab-return-path");
  return cookie ? decodeURIComponent(cookie.value) : null;
}

test.describe("every route, signed out", () => {
  test.describe.configure({ mode: "parallel" });
  test.beforeEach(async ({ page }) => prepareApp(page));

  for (const route of ROUTES) {
    test(`${route.path} (${route.guard})`, async ({ page }) => {
      await visit(page, route.path);
      if (route.guard === "public" || route.guard === "guest") {
        await expect(layout(page, route.layout)).toBeVisible();
        expect(pathOf(page)).toBe(route.path);
        await expect(page.locator("[data-error-page]")).toHaveCount(0);
      } else {
        await expect(page).toHaveURL(/\/login$/);
        await expect(layout(page, "default")).toBeVisible();
        expect(await returnPathCookie(page)).toBe(route.path);
      }
    });
  }

  test("/redirect (return from social sign-in) opens in the default layout", async ({ page }) => {
    await visit(page, "/redirect");
    await expect(layout(page, "default")).toBeVisible();
    await expect(page.locator("[data-error-page]")).toHaveCount(0);
  });
});

test.describe("every route, signed in", () => {
  test.describe.configure({ mode: "serial" });
  let token = "";

  test.beforeAll(async ({ request }) => {
    token = (await signUpViaApi(request)).token;
  });

  test.beforeEach(async ({ page, context }) => {
    await prepareApp(page);
    await signInContext(context, token);
  });

  for (const route of ROUTES) {
    test(`${route.path} (${route.guard})`, async ({ page }) => {
      await visit(page, route.path);
      if (route.guard === "guest") {
        await expect(page).toHaveURL(/\/courses$/);
        await expect(layout(page, "default")).toBeVisible();
        return;
      }
      await expect(layout(page, route.layout)).toBeVisible();
      expect(pathOf(page)).toBe(route.path);
      await expect(page.getByRole("button", { name: "Account menu for Trinity Neon" })).toBeVisible();
      if (route.guard === "has-access")
        await expect(page.locator('[data-status-panel="access-required"]')).toBeVisible();
      if (route.guard === "admin") await expect(page.locator('[data-status-panel="forbidden"]')).toBeVisible();
    });
  }
});

test("sign-in returns to the page that asked for it", async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await prepareApp(page);
  await visit(page, "/settings?tab=account");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("textbox", { name: /^Email/ }).fill(user.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=account$/);
  expect(await returnPathCookie(page)).toBeNull();
});

test("navigation scrolls to the top; every capability's page is offered", async ({ page }) => {
  await prepareApp(page);
  await visit(page, "/help");
  await page.waitForFunction(() => document.documentElement.style.overflow !== "hidden");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  // Every capability has landed: the footer offers Projects (a missing one would not be linked).
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Projects", exact: true })).toHaveCount(1);
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  // The router scrolls on the render after the URL changes: polled, not read at once.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await visit(page, "/projects");
  await expect(page.locator('[data-status-panel="placeholder"]')).toHaveCount(0);
  await expect(page).toHaveTitle("Projects · NeonLab");
});
