// The page checks of the screenshot specs (helpers/layout.ts) catch what they are meant to: each problem,
// put into a sound page, fails them with its own message.
import { expect, type Page, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectSoundPage } from "./helpers/layout.ts";

const CHROME = { header: true, footer: true };

const PROBLEMS: { name: string; message: string; make: (page: Page) => Promise<unknown> }[] = [
  {
    name: "a block wider than the screen",
    message: "no sideways scrolling",
    make: (page) =>
      page.evaluate(() => {
        document.querySelector("main")?.insertAdjacentHTML("afterbegin", '<div style="width: 3000px">wide</div>');
      }),
  },
  {
    name: "a layer over the page's controls",
    message: "controls hidden under other elements",
    make: (page) =>
      page.evaluate(() => {
        document.body.insertAdjacentHTML("beforeend", '<div style="position: fixed; inset: 0; z-index: 9999"></div>');
      }),
  },
  {
    name: "faint text",
    message: "text with too little contrast",
    make: (page) =>
      page.evaluate(() => {
        document
          .querySelector("main")
          ?.insertAdjacentHTML("afterbegin", '<p style="color: #777; background: #6a6a6a">Hard to read</p>');
      }),
  },
  {
    name: "a broken image",
    message: "images that did not load",
    make: async (page) => {
      await page.evaluate(() => {
        document.querySelector("main")?.insertAdjacentHTML("afterbegin", '<img src="/no-such-image.png" alt="x">');
      });
      // Until its request fails the image has no box, and the check (rightly) passes over it: wait for that.
      // (waitForLoadState("networkidle") returned at once here: the page had reached that state before.)
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('main img[src="/no-such-image.png"]');
        return img?.complete === true && img.naturalWidth === 0 && img.getBoundingClientRect().width > 0;
      });
    },
  },
  {
    name: "no footer",
    message: "footer",
    make: (page) => page.evaluate(() => document.querySelector("footer")?.remove()),
  },
];

test.describe("page checks", () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await prepareApp(page);
    await visit(page, "/about");
    await waitForPreloaderGone(page);
    await page.waitForLoadState("networkidle");
  });

  test("pass on a sound page", async ({ page }) => {
    await expectSoundPage(page, CHROME);
  });

  for (const problem of PROBLEMS) {
    test(`fail on ${problem.name}`, async ({ page }) => {
      await problem.make(page);
      const failure = await expectSoundPage(page, CHROME).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(failure).toContain(problem.message);
    });
  }
});
