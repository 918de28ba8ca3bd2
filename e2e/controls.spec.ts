// Controls as they render in the built app, in both colour modes: Mantine buttons styled whatever order their
// chunks' CSS loads in, disabled buttons that look and announce disabled, a readable "See plans", code
// shown as typed (no ligatures), toasts clear of the header's counters, no build id in the footer.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectNoAxeViolations } from "./helpers/dialogs.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";
import { lessonFixture } from "./helpers/signed-in.ts";

const TRANSPARENT = "rgba(0, 0, 0, 0)";
/** `--nl-accent` per mode (apps/web/src/app/theme.ts): the primary (filled) button's background. */
const ACCENT = { dark: "rgb(0, 255, 163)", light: "rgb(0, 121, 79)" } as const;

const style = (locator: Locator) =>
  locator.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      background: computed.backgroundColor,
      color: computed.color,
      opacity: Number(computed.opacity),
      ligatures: computed.fontVariantLigatures,
    };
  });

/** WCAG contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Every visible Mantine button with a filled or default look has a background of its own. */
async function unstyledButtons(page: Page) {
  return page.evaluate((transparent) => {
    return [...document.querySelectorAll<HTMLElement>(".mantine-Button-root")]
      .filter((button) => button.getClientRects().length > 0)
      .filter((button) => ["filled", "default", null].includes(button.getAttribute("data-variant")))
      .filter((button) => getComputedStyle(button).backgroundColor === transparent)
      .map((button) => button.textContent?.trim());
  }, TRANSPARENT);
}

const lesson = lessonFixture({
  id: 9201,
  slug: "code-as-typed",
  courseSlug: "code-course",
  title: "Code As Typed",
  body: "Inline `a => b !== c` here.\n\n```html\n<!-- a comment -->\n<p>=> !== <=</p>\n```\n",
});

for (const scheme of ["dark", "light"] as const) {
  test.describe(`controls, ${scheme} mode`, () => {
    let user: E2eUser;

    test.beforeAll(async ({ request }) => {
      user = await signUpViaApi(request, undefined, { displayName: "Control Tester" });
    });

    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await prepareApp(page, { scheme });
    });

    test("primary buttons are filled on first load, whichever page loads first", async ({ page }) => {
      // /contact loads the Loader's chunk (with UnstyledButton's reset) after the Button's: the order that
      // once made every button transparent.
      for (const path of ["/contact", "/login", "/", "/register"]) {
        await visit(page, path);
        await waitForPreloaderGone(page);
        await page.waitForLoadState("networkidle");
        const signUp = page.locator("header").getByRole("link", { name: "Sign up" });
        if (await signUp.isVisible()) expect((await style(signUp)).background, `${path}: Sign up`).toBe(ACCENT[scheme]);
        expect(await unstyledButtons(page), `${path}: buttons without a background`).toEqual([]);
      }
      const send = page.getByRole("button", { name: "Send message" });
      await visit(page, "/contact");
      await expect(send).toBeVisible();
      expect((await style(send)).background).toBe(ACCENT[scheme]);
    });

    test("a disabled button looks and announces disabled ('Set as Avatar' until one is picked)", async ({
      page,
      context,
    }) => {
      await signInContext(context, user.token);
      await visit(page, "/settings?tab=avatar");
      await page.getByRole("button", { name: "Choose Avatar" }).click();
      const dialog = page.getByRole("dialog", { name: "Choose your avatar" });
      const save = dialog.getByRole("button", { name: "Set as Avatar" });
      await expect(save).toBeDisabled();
      const disabled = await style(save);
      expect(disabled.opacity, "a disabled button is faded").toBeLessThanOrEqual(0.7);
      expect(disabled.background, "and not the enabled colour").not.toBe(ACCENT[scheme]);
      await dialog.getByRole("radio", { name: "Robot avatar 1", exact: true }).click();
      await expect(save).toBeEnabled();
      const enabled = await style(save);
      expect(enabled.opacity).toBe(1);
      expect(enabled.background).toBe(ACCENT[scheme]);
    });

    test("'See plans' on a premium course's notice is readable", async ({ page, context }) => {
      await signInContext(context, user.token);
      await visit(page, "/courses/javascript-essentials");
      await waitForPreloaderGone(page);
      const notice = page.locator("[data-paywall-notice]");
      const seePlans = notice.getByRole("link", { name: "See plans" });
      await expect(seePlans).toBeVisible();
      const { background, color } = await style(seePlans);
      expect(background, "the button has its own colour").not.toBe(TRANSPARENT);
      expect(contrast(background, color), `text ${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
      await expectNoAxeViolations(page, "[data-paywall-notice]");
    });

    test("code in lessons shows the characters typed (no ligatures)", async ({ page, context }) => {
      await signInContext(context, user.token);
      await page.route("**/api/courses/code-course/lessons/code-as-typed", (route) => route.fulfill({ json: lesson }));
      await visit(page, "/courses/code-course/code-as-typed");
      const block = page.locator("pre code").first();
      await expect(block).toContainText("<!-- a comment -->");
      const inline = page.locator(":not(pre) > code", { hasText: "a => b !== c" });
      await expect(inline).toBeVisible();
      // Polled: the lesson's markdown may still be re-rendered (a detached node reads as "").
      for (const code of [block, inline]) await expect.poll(async () => (await style(code)).ligatures).toBe("none");
      // Measured too: in a monospace face "=>" is exactly two characters wide when no ligature joins it.
      const widths = await block.evaluate((element) => {
        const probe = (text: string) => {
          const span = document.createElement("span");
          span.textContent = text;
          element.append(span);
          const width = span.getBoundingClientRect().width;
          span.remove();
          return width;
        };
        return { arrow: probe("=>"), two: probe("ab") };
      });
      expect(widths.arrow).toBeCloseTo(widths.two, 1);
    });

    for (const width of [1280, 375]) {
      test(`toasts appear below the header's counters at ${width}px`, async ({ page, context }) => {
        await page.setViewportSize({ width, height: 800 });
        await signInContext(context, user.token);
        await visit(page, "/settings?tab=profile");
        await waitForPreloaderGone(page);
        await page.getByRole("button", { name: "Save Profile" }).click();
        const toast = page.locator(".nl-toast").first();
        await expect(toast).toBeVisible();
        const header = await page.locator("header").first().boundingBox();
        const box = await toast.boundingBox();
        expect(box && header && box.y >= header.y + header.height, "the toast starts below the header").toBe(true);
        for (const chip of await page.locator("header [data-stat]").all()) {
          if (!(await chip.isVisible())) continue;
          const c = await chip.boundingBox();
          const apart =
            !box ||
            !c ||
            c.x + c.width <= box.x ||
            box.x + box.width <= c.x ||
            c.y + c.height <= box.y ||
            box.y + box.height <= c.y;
          expect(apart, "a counter chip under the toast").toBe(true);
        }
      });
    }

    test("the footer does not show the build id", async ({ page, request }) => {
      const { buildId } = (await (await request.get("/api/build")).json()) as { buildId: string };
      await visit(page, "/about");
      const footer = page.locator("footer");
      await expect(footer).toBeVisible();
      await expect(footer).not.toContainText(/build/i);
      await expect(footer).not.toContainText(buildId.slice(0, 8));
    });
  });
}
