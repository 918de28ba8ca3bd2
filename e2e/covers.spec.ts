import { expect, type Page, test } from "@playwright/test";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";

// Course and project covers are drawings with their title in them (1200 × 630): shown whole, at their own
// ratio, at every width — a crop cut "THE LINUX COMMAND LINE" down to "E LINUX / MMAND LINE". And every
// project card shows its own art.

type CoverShape = { src: string; natural: number; rendered: number; loaded: boolean };

/** Every cover on the page, each scrolled into view first (they load lazily), with its natural and shown ratio. */
async function coverShapes(page: Page, selector: string): Promise<CoverShape[]> {
  const covers = page.locator(selector);
  await expect(covers.first()).toBeVisible();
  const shapes: CoverShape[] = [];
  for (const cover of await covers.all()) {
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    shapes.push(
      await cover.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        return {
          src: img.currentSrc,
          natural: img.naturalWidth / img.naturalHeight,
          rendered: box.width / box.height,
          loaded: img.naturalWidth > 0,
        };
      }),
    );
  }
  return shapes;
}

function expectUncropped(shapes: CoverShape[], where: string) {
  for (const shape of shapes) {
    expect(shape.loaded, `${where}: ${shape.src} loaded`).toBe(true);
    expect(
      Math.abs(shape.rendered - shape.natural) / shape.natural,
      `${where}: ${shape.src} shown at ${shape.rendered.toFixed(3)}, drawn at ${shape.natural.toFixed(3)}`,
    ).toBeLessThan(0.01);
  }
}

test("course and project covers keep their own aspect ratio at every width", async ({ page }) => {
  test.setTimeout(120_000);
  await prepareApp(page);
  for (const width of [375, 800, 1024, 1280, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/courses", "/courses/linux-command-line", "/courses/javascript-essentials", "/projects"]) {
      await visit(page, path);
      await waitForPreloaderGone(page);
      expectUncropped(
        await coverShapes(page, "img[data-course-cover], img[data-project-cover]"),
        `${path} at ${width}px`,
      );
    }
  }
});

test("every project card shows its own cover art", async ({ page }) => {
  await prepareApp(page);
  await visit(page, "/projects");
  const cards = page.locator("[data-project-list] article");
  await expect(cards.first()).toBeVisible();
  const shapes = await coverShapes(page, "[data-project-list] article img[data-project-cover]");
  expect(shapes).toHaveLength(await cards.count());
  expect(new Set(shapes.map((s) => new URL(s.src).pathname)).size, "one image per project").toBe(shapes.length);
  for (const { src } of shapes)
    expect(new URL(src).pathname).toMatch(/^\/api\/project-assets\/[a-z0-9-]+\/cover\.svg$/);
});

for (const scheme of ["dark", "light"] as ColorScheme[]) {
  for (const [width, height] of [
    [375, 812],
    [1280, 800],
  ]) {
    test(`covers on the course and project pages (${scheme}, ${width} × ${height})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await prepareApp(page, { scheme });
      for (const [path, name] of [
        ["/courses/linux-command-line", "course-cover"],
        ["/courses", "courses-covers"],
        ["/projects", "projects-covers"],
      ]) {
        await visit(page, path);
        await waitForPreloaderGone(page);
        await coverShapes(page, "img[data-course-cover], img[data-project-cover]");
        await page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(page, `${name}-${scheme}-${width}`, { fullPage: width > 800 });
      }
    });
  }
}
