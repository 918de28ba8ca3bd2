// What a person looking at a page would notice, as assertions: a page wider than the screen, a missing
// header or footer, text too faint to read, a control hidden under something else, fallback fonts, broken
// images. Computed from the live page instead of compared with baseline pictures, which differ between
// machines (font rendering) without anything being wrong.
import { axeOn } from "./axe.ts";
import { expect, type Page } from "@playwright/test";

export type PageChrome = { header: boolean; footer: boolean };

/** Elements wider than the viewport (for the failure message when the page scrolls sideways). */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${[...el.classList].map((name) => `.${name}`).join("")}`;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map(describe);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
}

/**
 * Visible controls inside the viewport that are not what a click at their centre would reach (something
 * covers them), with what covers them.
 */
async function coveredControls(page: Page) {
  return page.evaluate(() => {
    const describe = (el: Element | null) =>
      el
        ? `${el.tagName.toLowerCase()}${[...el.classList].map((name) => `.${name}`).join("")}${
            el.textContent?.trim() ? ` "${el.textContent.trim().slice(0, 30)}"` : ""
          }`
        : "nothing";
    const controls = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [role=button]");
    const covered: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width < 2 || box.height < 2 || style.visibility !== "visible" || Number(style.opacity) === 0) continue;
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) continue;
      if (control.closest("[aria-hidden=true], .nl-skip-link")) continue;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const label = control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null;
      const reached = hit && (control.contains(hit) || hit.contains(control) || (label?.contains(hit) ?? false));
      if (!reached) covered.push(`${describe(control)} under ${describe(hit)}`);
    }
    return covered;
  });
}

/** Whether the app's body face (Rajdhani) is the one in use, loaded: not a fallback font. */
async function bodyFontLoaded(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const family = getComputedStyle(document.body).fontFamily;
    const loaded = [...document.fonts].some(
      (face) => face.family.replace(/["']/g, "") === "Rajdhani" && face.status === "loaded",
    );
    return { family, loaded };
  });
}

/**
 * Images in the viewport that failed to load. One still loading is waited for (up to 10 s) rather than counted:
 * on a busy machine a cover may still be on its way when the check runs.
 */
async function brokenImages(page: Page) {
  return page.evaluate(async () => {
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
    });
    const settled = (img: HTMLImageElement) =>
      img.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            img.addEventListener("load", () => resolve(), { once: true });
            img.addEventListener("error", () => resolve(), { once: true });
            setTimeout(resolve, 10_000);
          });
    await Promise.all(inView.map(settled));
    return inView.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc || img.src);
  });
}

/**
 * Asserts a settled page (preloader gone, network idle) looks sound at its current viewport and colour
 * mode. Leaves the page scrolled to the top.
 */
export async function expectSoundPage(page: Page, chrome: PageChrome) {
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, `no sideways scrolling; wider than the viewport: ${overflow.wide.join(", ")}`).toBe(
    overflow.clientWidth,
  );

  const header = page.locator("header").first();
  if (chrome.header) {
    await expect(header).toBeVisible();
    expect((await header.boundingBox())?.y, "the header starts at the top").toBe(0);
  } else {
    await expect(page.locator("header")).toHaveCount(0);
  }

  expect(await coveredControls(page), "controls hidden under other elements").toEqual([]);
  expect(await brokenImages(page), "images that did not load").toEqual([]);
  const font = await bodyFontLoaded(page);
  expect(font.family, "the body font").toMatch(/^Rajdhani\b/);
  expect(font.loaded, "Rajdhani is loaded").toBe(true);

  const contrast = await axeOn(page)
    .withRules(["color-contrast"])
    // The error page's digit grid is aria-hidden decoration (WCAG 1.4.3 exempts pure decoration).
    .exclude("[data-binary-grid]")
    .analyze();
  const faint = contrast.violations.flatMap((violation) =>
    violation.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}: ${node.any[0]?.message ?? ""}`),
  );
  expect(faint, "text with too little contrast").toEqual([]);

  const footer = page.locator("footer");
  if (chrome.footer) {
    await expect(footer, "the footer").toBeVisible();
    await footer.scrollIntoViewIfNeeded();
    const [box, height] = await Promise.all([
      footer.boundingBox(),
      page.evaluate(() => document.documentElement.scrollHeight),
    ]);
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0) + scrollY), "the footer ends the page").toBe(height);
    await page.evaluate(() => window.scrollTo(0, 0));
  } else {
    await expect(footer).toHaveCount(0);
  }
}
