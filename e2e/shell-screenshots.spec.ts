import { expect, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { signInContext, signUpViaApi } from "./helpers/session.ts";

const WITH_CHROME = { header: true, footer: true };
const PAGES = [
  { name: "home", path: "/", ready: '[data-nl-layout="home"]', chrome: WITH_CHROME },
  { name: "courses", path: "/courses", ready: '[data-nl-layout="default"]', chrome: WITH_CHROME },
  { name: "login", path: "/login", ready: '[data-nl-layout="default"]', chrome: WITH_CHROME },
  { name: "settings", path: "/settings", ready: '[data-nl-layout="default"]', chrome: WITH_CHROME, signedIn: true },
  {
    name: "error",
    path: "/this-page-does-not-exist",
    ready: "[data-error-page]",
    chrome: { header: false, footer: false },
  },
];

let token = "";
test.beforeAll(async ({ request }) => {
  token = (await signUpViaApi(request, undefined, { displayName: "Screen Shot" })).token;
});

for (const mode of ["dark", "light"] as const) {
  for (const width of [375, 1280]) {
    // Checked as a person would look at them (helpers/layout.ts); the pictures are kept for people to look at.
    test(`pages at ${width}px, ${mode}: no sideways scrolling, header and footer, readable text`, async ({
      page,
      context,
    }) => {
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
        await test.step(shot.name, () => expectSoundPage(page, shot.chrome));
        await saveScreenshot(page, `${shot.name}-${width}-${mode}`);
      }
    });
  }
}
