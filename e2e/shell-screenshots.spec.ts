import { expect, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { signInContext, signUpViaApi } from "./helpers/session.ts";

const PAGES = [
  { name: "home", path: "/", ready: '[data-nl-layout="home"]' },
  { name: "courses", path: "/courses", ready: '[data-nl-layout="default"]' },
  { name: "login", path: "/login", ready: '[data-nl-layout="default"]' },
  { name: "settings", path: "/settings", ready: '[data-nl-layout="default"]', signedIn: true },
  { name: "error", path: "/this-page-does-not-exist", ready: "[data-error-page]" },
];

let token = "";
test.beforeAll(async ({ request }) => {
  token = (await signUpViaApi(request, undefined, { displayName: "Screen Shot" })).token;
});

for (const mode of ["dark", "light"] as const) {
  for (const width of [375, 1280]) {
    test(`screenshots at ${width}px, ${mode}`, async ({ page, context }) => {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await prepareApp(page, { scheme: mode });
      for (const shot of PAGES) {
        if (shot.signedIn) await signInContext(context, token);
        else await context.clearCookies();
        await visit(page, shot.path);
        await expect(page.locator(shot.ready)).toBeVisible();
        await waitForPreloaderGone(page);
        await page.waitForLoadState("networkidle");
        await saveScreenshot(page, `${shot.name}-${width}-${mode}`);
      }
    });
  }
}
