// The reward dialogs of a completion: the chapter and course dialogs say how many NeonBits were
// earned, and the XP and NeonBits figures count up (at once under reduced motion). The completion is the
// API's answer, stubbed in the browser, as in shell-dialogs.spec.ts; pictures in e2e/screenshots/reward-*.png.
import { axeOn } from "./helpers/axe.ts";
import { type LessonCompleteResult, lessonCompleteResultSchema } from "@neonlab/shared/schemas/learning";
import { expect, type Page, test } from "@playwright/test";
import { prepareApp, visit } from "./helpers/app.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { lessonFixture } from "./helpers/signed-in.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";

const COURSE = "reward-course";
const LESSON = "reward-lesson";

const lesson = {
  ...lessonFixture({
    id: 9101,
    slug: LESSON,
    courseSlug: COURSE,
    title: "Rewards Everywhere",
    body: "The last lesson of the course.",
    badge: { name: "Neon Finisher", image: "/avatars/robot-2.svg" },
  }),
  goal: "Finish the course.",
  xp: 25,
};

/** The last lesson of a course: the chapter's 20 NeonBits and the course's 100 in one answer. */
const lastLesson: LessonCompleteResult = lessonCompleteResultSchema.parse({
  lessonId: lesson.id,
  xpAwarded: 25,
  alreadyCompleted: false,
  streak: { count: 3, extended: false, status: "done" },
  chapterCompleted: lesson.chapter.badge,
  courseCompleted: true,
  neonbitsAwarded: 120,
});

async function openLesson(page: Page) {
  await page.route(`**/api/courses/${COURSE}/lessons/${LESSON}`, (route) => route.fulfill({ json: lesson }));
  await page.route(`**/api/lessons/${lesson.id}/complete`, (route) => route.fulfill({ json: lastLesson }));
  await visit(page, `/courses/${COURSE}/${LESSON}`);
}

const complete = (page: Page) => page.getByRole("button", { name: "Complete lesson" }).click();

/** Every value the first reward figure of `unit` shows, from the moment the dialog opens. */
async function watchFigure(page: Page, unit: string) {
  await page.evaluate((unit) => {
    const seen: string[] = [];
    (window as { figures?: string[] }).figures = seen;
    const record = () => {
      const text = document.querySelector(`[data-reward="${unit}"]`)?.textContent?.trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, unit);
  return async () => (await page.evaluate(() => (window as { figures?: string[] }).figures)) ?? [];
}

let user: E2eUser;
test.beforeAll(async ({ request }) => {
  user = await signUpViaApi(request, undefined, { displayName: "Reward Tester" });
});

test("the figures count up, and the chapter and course dialogs say the NeonBits they earned", async ({
  page,
  context,
}) => {
  await signInContext(context, user.token);
  await prepareApp(page);
  await openLesson(page);
  const xpFigures = await watchFigure(page, "XP");
  await complete(page);
  let dialog = page.getByRole("dialog", { name: "Lesson complete" });
  await expect(dialog).toContainText("You've earned 25 XP for completing this lesson.");
  await expect(dialog.locator('[data-reward="XP"]')).toHaveText("+25 XP");
  const xp = await xpFigures();
  expect(xp.at(-1)).toBe("+25 XP");
  expect(xp.length).toBeGreaterThan(2);
  const bitsFigures = await watchFigure(page, "NeonBits");
  await dialog.getByRole("button", { name: "Sounds Good" }).click();

  dialog = page.getByRole("dialog", { name: "Chapter complete" });
  await expect(dialog).toContainText("Neon Finisher");
  await expect(dialog).toContainText("You've earned 20 NeonBits for completing this chapter.");
  await expect(dialog.locator('[data-reward="NeonBits"]')).toHaveText("+20 NeonBits");
  const bits = await bitsFigures();
  expect(bits.at(-1)).toBe("+20 NeonBits");
  expect(bits.length).toBeGreaterThan(2);
  await dialog.getByRole("button", { name: "Sounds Good" }).click();

  dialog = page.getByRole("dialog", { name: "Congratulations" });
  await expect(dialog).toContainText("You've successfully completed the course!");
  await expect(dialog).toContainText("You've earned 100 NeonBits for completing this course.");
  await expect(dialog.locator('[data-reward="NeonBits"]')).toHaveText("+100 NeonBits");
  await dialog.getByRole("button", { name: "Awesome!" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

for (const mode of ["dark", "light"] as const) {
  for (const width of [375, 1280]) {
    test(`under reduced motion the figures stand at once; looked at ${width}px, ${mode}`, async ({ page, context }) => {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await signInContext(context, user.token);
      await prepareApp(page, { scheme: mode });
      await openLesson(page);
      const xpFigures = await watchFigure(page, "XP");
      await complete(page);
      const steps = [
        { name: "Lesson complete", figure: "+25 XP", close: "Sounds Good", shot: "lesson" },
        { name: "Chapter complete", figure: "+20 NeonBits", close: "Sounds Good", shot: "chapter" },
        { name: "Congratulations", figure: "+100 NeonBits", close: "Awesome!", shot: "course" },
      ];
      for (const step of steps) {
        const dialog = page.getByRole("dialog", { name: step.name });
        await expect(dialog.locator("[data-reward]")).toHaveText(step.figure);
        if (step.shot === "lesson") expect(await xpFigures()).toEqual(["+25 XP"]);
        await page.evaluate(() => document.fonts.ready);
        const axe = await axeOn(page)
          .include("[role=dialog]")
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
          .analyze();
        expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
        await saveScreenshot(page, `reward-${step.shot}-${width}-${mode}`);
        await dialog.getByRole("button", { name: step.close }).click();
      }
    });
  }
}
