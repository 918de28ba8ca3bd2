import { expect, type Page, test } from "@playwright/test";
import { prepareApp, visit } from "./helpers/app.ts";

const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"));
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("the colour mode follows the system until chosen, then the choice survives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await prepareApp(page);
  await visit(page, "/about");
  expect(await scheme(page)).toBe("light");
  expect(await background(page)).toBe("rgb(244, 247, 251)");

  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  expect(await scheme(page)).toBe("dark");
  expect(await background(page)).toBe("rgb(5, 7, 10)");
  expect(await page.evaluate(() => localStorage.getItem("neonlab-color-scheme"))).toBe("dark");

  await page.reload();
  // color-scheme.js applies the saved mode before the app paints.
  expect(await scheme(page)).toBe("dark");
  await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();

  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await page.reload();
  expect(await scheme(page)).toBe("light");
});

test("a dark system preference starts dark, with no flash of light before the app loads", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.route(/\/assets\/index-.*\.js$/, async (route) => {
    // Hold the app back: whatever paints meanwhile comes from index.html + color-scheme.js.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto("/about", { waitUntil: "commit" });
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-mantine-color-scheme"));
  expect(await scheme(page)).toBe("dark");
  expect(await page.evaluate(() => document.documentElement.style.background)).toContain("rgb(5, 7, 10)");
});

test("the viewport cookie is kept for 365 days", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await prepareApp(page);
  await visit(page, "/");
  const cookie = (await page.context().cookies()).find((c) => c.name === "neonlab-viewport");
  expect(cookie?.value).toBe("tablet");
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);
});

test("keyboard focus is visible in both modes", async ({ page }) => {
  for (const mode of ["dark", "light"] as const) {
    await prepareApp(page, { scheme: mode });
    await visit(page, "/contact");
    await page.getByRole("textbox", { name: /^Name/ }).focus();
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor };
    });
    expect(outline.style).toBe("solid");
    expect(outline.width).toBe("2px");
    expect(outline.color).toBe(mode === "dark" ? "rgb(0, 229, 255)" : "rgb(179, 18, 154)");
  }
});
