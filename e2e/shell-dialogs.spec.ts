// The dialogs, opened the way a person opens them: completing a lesson, deleting the account, choosing an
// avatar. Dialogs nothing in the app opens yet (project complete, share hack, editor configuration) are
// tested as components (apps/web/src/components/dialogs/*.test.tsx).
import { type LessonCompleteResult, lessonCompleteResultSchema } from "@neonlab/shared/schemas/learning";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { prepareApp, visit } from "./helpers/app.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";
import { lessonFixture } from "./helpers/signed-in.ts";

async function expectWidth(dialog: Locator, viewport: number, spec: number) {
  await expect(dialog).toBeVisible();
  // Wait for the open transition to end before measuring.
  await expect
    .poll(async () => Math.round(((await dialog.boundingBox())?.width ?? 0) * 10) / 10)
    .toBe(viewport <= 640 ? Math.round(viewport * 0.9 * 10) / 10 : spec);
}

const COURSE = "dialog-course";
const LESSON = "dialog-lesson";

/** A lesson with nothing left to do but completing it (answered by the test, checked against the API's schema). */
const lesson = lessonFixture({
  id: 9001,
  slug: LESSON,
  courseSlug: COURSE,
  title: "Dialogs Everywhere",
  body: "A lesson with no quizzes and no reflections.",
  badge: { name: "Markup Initiate", image: "/avatars/robot-1.svg" },
});

const everything: LessonCompleteResult = {
  lessonId: lesson.id,
  xpAwarded: 10,
  alreadyCompleted: false,
  streak: { count: 7, extended: true, status: "done" },
  chapterCompleted: lesson.chapter.badge,
  courseCompleted: true,
  neonbitsAwarded: 20,
};

/** Opens the lesson and completes it; the server's answer to the completion is `result`. */
async function completeLesson(page: Page, result: LessonCompleteResult) {
  const answer = lessonCompleteResultSchema.parse(result);
  await page.route(`**/api/courses/${COURSE}/lessons/${LESSON}`, (route) => route.fulfill({ json: lesson }));
  await page.route(`**/api/lessons/${lesson.id}/complete`, (route) => route.fulfill({ json: answer }));
  await visit(page, `/courses/${COURSE}/${LESSON}`);
  await page.getByRole("button", { name: "Complete lesson" }).click();
}

for (const width of [1280, 375]) {
  test.describe(`dialogs at ${width}px`, () => {
    let user: E2eUser;

    test.beforeAll(async ({ request }) => {
      user = await signUpViaApi(request, undefined, { displayName: "Dialog Tester" });
    });

    test.beforeEach(async ({ page, context }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await signInContext(context, user.token);
      await prepareApp(page);
    });

    test("completing a lesson: lesson complete, streak, chapter badge and course complete in turn", async ({
      page,
    }) => {
      await completeLesson(page, everything);
      let dialog = page.getByRole("dialog", { name: "Lesson complete" });
      await expectWidth(dialog, width, 350);
      await expect(dialog.getByRole("heading", { name: "Great work!" })).toBeVisible();
      await expect(dialog).toContainText("You've earned 10 XP for completing this lesson.");
      await dialog.getByRole("button", { name: "Sounds Good" }).click();
      await expect(dialog).toHaveCount(0);

      dialog = page.getByRole("dialog", { name: "Daily streak" });
      await expectWidth(dialog, width, 350);
      await expect(dialog).toContainText("7 Day Streak!");
      await expect(dialog).toContainText("Streak mode: ON");
      await dialog.getByRole("button", { name: "Keep Going" }).click();

      dialog = page.getByRole("dialog", { name: "Chapter complete" });
      await expectWidth(dialog, width, 350);
      await expect(dialog).toContainText("Here's Your Badge!");
      await expect(dialog).toContainText("Markup Initiate");
      await expect(dialog.getByRole("img", { name: "Markup Initiate badge" })).toHaveAttribute(
        "src",
        "/avatars/robot-1.svg",
      );
      await dialog.getByRole("button", { name: "Sounds Good" }).click();

      dialog = page.getByRole("dialog", { name: "Congratulations" });
      await expectWidth(dialog, width, 350);
      await expect(dialog).toContainText("You've successfully completed the course!");
      await dialog.getByRole("button", { name: "Awesome!" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("a lesson completed again: no XP line, nothing else, Escape closes", async ({ page }) => {
      await completeLesson(page, {
        ...everything,
        xpAwarded: 0,
        alreadyCompleted: true,
        streak: { count: 7, extended: false, status: "done" },
        chapterCompleted: null,
        courseCompleted: false,
      });
      const dialog = page.getByRole("dialog", { name: "Lesson complete" });
      await expect(dialog).toContainText("You've completed this lesson.");
      await expect(dialog).not.toContainText("XP");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("a dialog whose code can not load shows its 'Failed to display' toast", async ({ page }) => {
      await page.route(/completion-dialogs-.*\.js$/, (route) => route.abort());
      await completeLesson(page, { ...everything, chapterCompleted: null, courseCompleted: false });
      await expect(page.getByText("Failed to display lesson complete modal")).toBeVisible();
      await expect(page.getByText("Failed to display streak modal")).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("deleting the account asks for the password first; Cancel keeps it", async ({ page, request }) => {
      await visit(page, "/settings?tab=account");
      await page.getByRole("button", { name: "Delete Account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete account" });
      await expectWidth(dialog, width, 500);
      await expect(dialog.locator("[data-confirm-message] strong")).toHaveText("This can not be undone.");
      await expect(dialog.getByLabel(/^Password/)).toBeFocused();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/settings\?tab=account$/);
      expect((await request.get("/api/profile", { headers: user.headers })).status()).toBe(200);
    });

    test("avatar chooser: opened from the avatar tab, groups, disabled until picked, saves the avatar", async ({
      page,
    }) => {
      await visit(page, "/settings?tab=avatar");
      await page.getByRole("button", { name: "Choose Avatar" }).click();
      const dialog = page.getByRole("dialog", { name: "Choose your avatar" });
      await expectWidth(dialog, width, 500);
      for (const group of ["Male", "Female", "Robot"]) {
        const radios = dialog.getByRole("group", { name: group, exact: true }).getByRole("radio");
        await expect(radios).toHaveCount(4);
      }
      const save = dialog.getByRole("button", { name: "Set as Avatar" });
      await expect(save).toBeDisabled();

      // A failing save keeps the dialog open with the spec's toast.
      await page.route("**/api/profile/avatar", (route) =>
        route.fulfill({ status: 503, json: { statusCode: 503, statusMessage: "Unavailable", message: "Try later" } }),
      );
      await dialog.getByRole("radio", { name: "Robot avatar 2" }).click();
      await expect(dialog.getByRole("radio", { name: "Robot avatar 2" })).toHaveAttribute("aria-checked", "true");
      await expect(save).toBeEnabled();
      await save.click();
      const failure = page.locator(".nl-toast-error");
      await expect(failure).toContainText("Error while updating avatar");
      await expect(failure).toContainText("Try later");
      await expect(dialog).toBeVisible();

      await page.unroute("**/api/profile/avatar");
      await save.click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator("header img[src='/avatars/robot-2.svg']")).toBeVisible();
      await expect(page.getByRole("img", { name: "Dialog Tester's avatar" })).toHaveAttribute(
        "src",
        "/avatars/robot-2.svg",
      );
    });
  });
}
