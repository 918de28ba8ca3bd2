// Every dialog a person can reach (spec §2, "Modal dialogs"), opened with the keyboard, at 375 and 1280 px in
// both colour modes: named, a named close button, Tab kept inside, Escape closing (every reachable one
// allows it), focus back on the control that opened it, axe clean; a screenshot of each for people.
// Project complete, share hack and editor configuration are opened by nothing yet: component tests.
import { randomUUID } from "node:crypto";
import { type LessonCompleteResult, lessonCompleteResultSchema } from "@neonlab/shared/schemas/learning";
import { type Streak, streakSchema } from "@neonlab/shared/schemas/progress";
import { expect, type Page, test } from "@playwright/test";
import { type ColorScheme, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { closeWithEscape, expectAccessibleDialog, openWithKeyboard } from "./helpers/dialogs.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { lessonFixture, signedInUser } from "./helpers/signed-in.ts";

const COURSE = "focus-course";
const LESSON = "focus-lesson";

const lesson = lessonFixture({
  id: 9101,
  slug: LESSON,
  courseSlug: COURSE,
  title: "Focus Everywhere",
  body: "A lesson with no quizzes and no reflections.",
});

const completion: LessonCompleteResult = lessonCompleteResultSchema.parse({
  lessonId: lesson.id,
  xpAwarded: 10,
  alreadyCompleted: false,
  streak: { count: 3, extended: true, status: "done" },
  chapterCompleted: lesson.chapter.badge,
  courseCompleted: true,
  neonbitsAwarded: 20,
});

const streak = (on: boolean): Streak =>
  streakSchema.parse({
    count: 5,
    status: "alive",
    last_updated: "2026-01-01",
    days_since: 1,
    today: "2026-01-02",
    time_zone: "UTC",
    freeze: { on, since: on ? "2026-01-02" : null, inventory: on ? 1 : 2 },
    save: null,
    lost_count: null,
  });

const shot = (page: Page, name: string, scheme: ColorScheme, width: number) =>
  saveScreenshot(page, `dialog-${name}-${scheme}-${width}`, { fullPage: false });

for (const scheme of ["dark", "light"] as const) {
  for (const width of [1280, 375]) {
    test.describe(`dialogs by keyboard, ${scheme} mode, ${width}px`, () => {
      const user = signedInUser({ displayName: "Focus Tester", width, scheme });

      test("avatar chooser: arrow keys pick, Escape and saving both give focus back", async ({ page }) => {
        await visit(page, "/settings?tab=avatar");
        await waitForPreloaderGone(page);
        await expect(page.getByRole("dialog"), "the avatar tab opens no dialog by itself").toHaveCount(0);
        const opener = page.getByRole("button", { name: "Choose Avatar" });

        await openWithKeyboard(opener);
        let dialog = await expectAccessibleDialog(page, "Choose your avatar");
        const save = dialog.getByRole("button", { name: "Set as Avatar" });
        await expect(save).toBeDisabled();
        // One tab stop for the twelve avatars (a radio group), arrows move and pick.
        await expect(dialog.locator("[role=radio][tabindex='0']")).toHaveCount(1);
        await shot(page, "avatar-chooser", scheme, width);
        await closeWithEscape(page, dialog, opener);

        await openWithKeyboard(opener);
        dialog = await expectAccessibleDialog(page, "Choose your avatar");
        await dialog.getByRole("radio", { name: "Male avatar 1", exact: true }).focus();
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        const picked = dialog.getByRole("radio", { name: "Male avatar 3", exact: true });
        await expect(picked).toBeFocused();
        await expect(picked).toHaveAttribute("aria-checked", "true");
        await expect(save).toBeEnabled();
        await save.focus();
        await page.keyboard.press("Enter");
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();
        await expect(page.locator("header img[src='/avatars/male-3.svg']")).toBeVisible();
      });

      test("delete account: asks for the password, Escape cancels", async ({ page }) => {
        await visit(page, "/settings?tab=account");
        const opener = page.getByRole("button", { name: "Delete Account" });
        await openWithKeyboard(opener);
        await expect(page.getByRole("dialog").getByLabel(/^Password/)).toBeFocused();
        const dialog = await expectAccessibleDialog(page, "Delete account");
        await shot(page, "confirm-delete-account", scheme, width);
        await closeWithEscape(page, dialog, opener);
      });

      test("streak freeze asks first: No changes nothing, Yes puts it on, focus back each time", async ({ page }) => {
        let current = streak(false);
        const writes: string[] = [];
        await page.route("**/api/users/streak", (route) => route.fulfill({ json: current }));
        await page.route("**/api/users/freeze-streak", (route) => {
          writes.push(route.request().method());
          current = streak(true);
          return route.fulfill({ json: current });
        });
        await visit(page, `/profile/${user().username}`);
        const opener = page.getByRole("button", { name: "Put a freeze on" });

        await openWithKeyboard(opener);
        let dialog = await expectAccessibleDialog(page, "Put a freeze on");
        await expect(dialog).toContainText("Use 1 of your 2 streak freezes?");
        await shot(page, "confirm-streak-freeze", scheme, width);
        await dialog.getByRole("button", { name: "No" }).focus();
        await page.keyboard.press("Enter");
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();
        expect(writes, "No sends nothing").toEqual([]);

        await openWithKeyboard(opener);
        dialog = await expectAccessibleDialog(page, "Put a freeze on");
        await expect(dialog.getByRole("button", { name: "Yes" })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(dialog).toHaveCount(0);
        await expect.poll(() => writes).toEqual(["PATCH"]);
        const unfreeze = page.getByRole("button", { name: "Take the freeze off" });
        await expect(unfreeze).toBeFocused();

        await openWithKeyboard(unfreeze);
        dialog = await expectAccessibleDialog(page, "Take the freeze off");
        await closeWithEscape(page, dialog, unfreeze);
      });

      test("completing a lesson: four dialogs in turn, then focus on the finished lesson's panel", async ({ page }) => {
        await page.route(`**/api/courses/${COURSE}/lessons/${LESSON}`, (route) => route.fulfill({ json: lesson }));
        await page.route(`**/api/lessons/${lesson.id}/complete`, (route) => route.fulfill({ json: completion }));
        await visit(page, `/courses/${COURSE}/${LESSON}`);
        await openWithKeyboard(page.getByRole("button", { name: "Complete lesson" }));

        const steps = [
          ["Lesson complete", "lesson-complete", "Sounds Good"],
          ["Daily streak", "streak", "Keep Going"],
          ["Chapter complete", "chapter-badge", "Sounds Good"],
          ["Congratulations", "course-complete", "Awesome!"],
        ] as const;
        for (const [index, [name, file, action]] of steps.entries()) {
          const dialog = await expectAccessibleDialog(page, name);
          await shot(page, file, scheme, width);
          // The first by Escape, the others by their button.
          if (index === 0) await page.keyboard.press("Escape");
          else {
            await dialog.getByRole("button", { name: action }).focus();
            await page.keyboard.press("Enter");
          }
          await expect(dialog).toHaveCount(0);
        }
        // The Complete button is gone (the lesson is done): focus lands on the panel that held it.
        const panel = page.locator("section[data-completed='true']");
        await expect(panel).toContainText("Lesson completed");
        await expect
          .poll(
            () =>
              page.evaluate(() => {
                const active = document.activeElement;
                return active?.matches("section[data-completed='true']")
                  ? "the panel"
                  : `${active?.tagName} ${active?.className} "${active?.textContent?.trim().slice(0, 40)}"`;
              }),
            { message: "focus on the finished lesson's panel" },
          )
          .toBe("the panel");
      });

      test("confirm your email: Submit Code disabled until 6 digits, Escape gives focus back", async ({ page }) => {
        await page.context().clearCookies();
        await visit(page, "/register");
        await page.getByLabel(/^Display name/).fill("Focus Newcomer");
        await page.getByRole("textbox", { name: /^Email/ }).fill(`focus-${randomUUID().slice(0, 8)}@example.test`);
        await page.getByRole("textbox", { name: /^Password/ }).fill("correct-horse-battery-9");
        const opener = page.getByRole("button", { name: "Create Account" });
        await openWithKeyboard(opener);
        const dialog = await expectAccessibleDialog(page, "Confirm your email");
        await expect(dialog.getByRole("button", { name: "Submit Code" })).toBeDisabled();
        await shot(page, "confirm-email", scheme, width);
        await closeWithEscape(page, dialog, opener);
      });

      if (width === 375) {
        test("navigation drawer: named, Escape closes, focus back on the menu button", async ({ page }) => {
          await visit(page, "/courses");
          await waitForPreloaderGone(page);
          const opener = page.getByRole("button", { name: "Open navigation" });
          await openWithKeyboard(opener);
          const dialog = page.getByRole("dialog");
          await expect(dialog).toHaveAccessibleName(/NeonLab/);
          await expect(dialog.getByRole("button", { name: "Close navigation" })).toBeVisible();
          await shot(page, "navigation", scheme, width);
          await closeWithEscape(page, dialog, page.getByRole("button", { name: "Open navigation" }));
        });
      }
    });
  }
}
