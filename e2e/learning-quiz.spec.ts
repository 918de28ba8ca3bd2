import { axeOn } from "./helpers/axe.ts";
import type { Course, CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { answerKey } from "./helpers/answer-key.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveElementScreenshot, saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// Quiz integrity and focus on the lesson page: options in a per-learner order, a wrong answer that names no
// option, the verdict and the reflection's "saved" note taking the focus, axe-clean in both modes.

async function firstPublicChapter(request: APIRequestContext) {
  const courses = (await (await request.get("/api/courses")).json()) as Course[];
  const course = courses.find((c) => !c.premium)!;
  const detail = (await (await request.get(`/api/courses/${course.slug}`)).json()) as CourseDetail;
  return { course, lessons: detail.chapters[0].lessons };
}

type Learner = { request: APIRequestContext; user: E2eUser };

/**
 * `learner(name)`: a new learner with a request context of their own (Better Auth refuses a second sign-up
 * on a context that carries a session cookie); the contexts are closed after the test.
 */
const test = base.extend<{ learner: (name: string) => Promise<Learner> }>({
  learner: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (name) => {
      const request = await playwright.request.newContext({ baseURL });
      contexts.push(request);
      const user = await signUpViaApi(request, undefined, { displayName: name, email: uniqueEmail("quiz") });
      return { request, user };
    });
    for (const context of contexts) await context.dispose();
  },
});

const lessonOf = async (request: APIRequestContext, user: E2eUser, courseSlug: string, lessonSlug: string) =>
  (await (
    await request.get(`/api/courses/${courseSlug}/lessons/${lessonSlug}`, { headers: user.headers })
  ).json()) as LessonDetail;

/** The option ids of a quiz card, in the order the page shows them. */
const shownOrder = (page: Page, quizKey: string) =>
  page
    .locator(`[data-quiz="${quizKey}"] input[type=radio], [data-quiz="${quizKey}"] input[type=checkbox]`)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

async function axeViolations(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.html.slice(0, 160)} — ${n.failureSummary?.split("\n")[1] ?? ""}`),
  }));
}

test("options are shuffled per learner, stable across reloads, and answered by id", async ({
  page,
  context,
  request,
  learner,
}) => {
  const { course, lessons } = await firstPublicChapter(request);
  const a = await learner("Shuffle Ada");
  const b = await learner("Shuffle Bob");
  const orders = async (who: Learner) => {
    const all: string[] = [];
    for (const summary of lessons) {
      const lesson = await lessonOf(who.request, who.user, course.slug, summary.slug);
      for (const quiz of lesson.quizzes) all.push(quiz.options.map((o) => o.text).join(" | "));
    }
    return all;
  };
  const [ordersA, ordersB] = [await orders(a), await orders(b)];
  expect(ordersA.length).toBeGreaterThan(2);
  // The same options, in another order for another learner (for at least one of the chapter's quizzes).
  expect(ordersA.map((o) => o.split(" | ").sort().join())).toEqual(ordersB.map((o) => o.split(" | ").sort().join()));
  expect(ordersA).not.toEqual(ordersB);

  // The page shows the learner's order, the same again after a reload.
  const lesson = await lessonOf(a.request, a.user, course.slug, lessons[0].slug);
  await signInContext(context, a.user.token);
  await prepareApp(page);
  await visit(page, `/courses/${course.slug}/${lesson.slug}`);
  await waitForPreloaderGone(page);
  // Polled: the quizzes render once the lesson's data has arrived, which can follow the preloader on a busy machine.
  for (const quiz of lesson.quizzes)
    await expect.poll(() => shownOrder(page, quiz.key)).toEqual(quiz.options.map((o) => o.id));
  await page.reload();
  await waitForPreloaderGone(page);
  for (const quiz of lesson.quizzes)
    await expect.poll(() => shownOrder(page, quiz.key)).toEqual(quiz.options.map((o) => o.id));
  for (const option of lesson.quizzes[0].options) expect(option.id).toMatch(/^[0-9a-f]{10}$/);
});

for (const mode of ["dark", "light"] as const) {
  for (const width of [375, 1280]) {
    test(`a quiz answered wrong then right, ${width}px ${mode}: focus on the verdict, axe-clean`, async ({
      page,
      context,
      request,
      learner,
    }) => {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      const { course, lessons } = await firstPublicChapter(request);
      const { request: own, user } = await learner("Focus Learner");
      const lesson = await lessonOf(own, user, course.slug, lessons[0].slug);
      const key = answerKey(lesson);
      const quiz = lesson.quizzes[0];
      const correct = key.get(quiz.id)!;
      expect(correct.length).toBeGreaterThan(0);
      const wrong = quiz.options.find((o) => !correct.includes(o.id))!;

      await signInContext(context, user.token);
      await prepareApp(page, { scheme: mode });
      await visit(page, `/courses/${course.slug}/${lesson.slug}`);
      await waitForPreloaderGone(page);
      const card = page.locator(`[data-quiz="${quiz.key}"]`);
      const control = (id: string) => card.locator(`input[value="${id}"]`);

      await control(wrong.id).check();
      await card.getByRole("button", { name: "Check answer" }).click();
      const verdict = card.locator('[data-quiz-result="wrong"]');
      await expect(verdict).toBeFocused();
      await expect(verdict).toContainText(quiz.type === "single" ? "not the right answer" : "wrong");
      // No option is marked or explained after a wrong answer.
      await expect(card.locator("[data-feedback]")).toHaveCount(0);
      await expect(card.getByRole("button", { name: "Try again" })).toBeDisabled();
      expect(await axeViolations(page), "axe after a wrong answer").toEqual([]);
      await expectSoundPage(page, { header: true, footer: false });
      await card.scrollIntoViewIfNeeded();
      await saveElementScreenshot(card, `lesson-quiz-wrong-card-${width}-${mode}`);
      await saveScreenshot(page, `lesson-quiz-wrong-${width}-${mode}`);

      if (quiz.type === "multiple") await control(wrong.id).uncheck();
      for (const id of correct) await control(id).check();
      await card.getByRole("button", { name: "Try again" }).click();
      const right = card.locator('[data-quiz-result="correct"]');
      await expect(right).toBeFocused();
      await expect(card.locator("[data-feedback]")).toHaveCount(quiz.options.length);
      expect(await axeViolations(page), "axe after a right answer").toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await saveElementScreenshot(card, `lesson-quiz-right-card-${width}-${mode}`);
      await saveScreenshot(page, `lesson-quiz-right-${width}-${mode}`);

      // Saving a reflection moves the focus to the note that says it is saved.
      const reflection = lesson.reflections[0];
      if (reflection) {
        const reflectionCard = page.locator(`[data-reflection="${reflection.key}"]`);
        await reflectionCard.getByRole("textbox").fill("Semantic elements give screen readers a map of the page.");
        await reflectionCard.getByRole("button", { name: "Save answer" }).click();
        await expect(reflectionCard.locator("[data-reflection-result]")).toBeFocused();
      }
    });
  }
}
