import { axeOn } from "./helpers/axe.ts";
import { expect, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";

// Every page a signed-out visitor can open (public and redirect-if-authenticated routes, and the 404 page).
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/features",
  "/tutorials",
  "/help",
  "/policy",
  "/terms",
  "/contact",
  "/pricing",
  "/login",
  "/register",
  "/forgot",
  "/reset-password",
  "/courses",
  "/courses/web-foundations",
  "/profile/someone",
  "/blogs",
  "/blogs/categories/web-development",
  "/blogs/hello-neon",
  "/projects",
  "/projects/categories/web-development",
  "/projects/responsive-landing-page",
  "/hack/ada/neon-rain",
  "/hack/ada/view/neon-rain",
  "/no-such-page",
];

for (const mode of ["dark", "light"] as const) {
  test.describe(`axe, ${mode} mode`, () => {
    test.describe.configure({ mode: "parallel" });
    for (const path of PUBLIC_PAGES) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: "reduce" });
        await prepareApp(page, { scheme: mode });
        await visit(page, path);
        await waitForPreloaderGone(page);
        await page.waitForLoadState("networkidle");
        const results = await axeOn(page)
          // The error page's binary grid is aria-hidden decoration (WCAG 1.4.3 exempts pure decoration).
          .exclude("[data-binary-grid]")
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
          .analyze();
        const summary = results.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1] ?? ""}`),
        }));
        expect(summary).toEqual([]);
      });
    }
  });
}
