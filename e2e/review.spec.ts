import { axeOn } from "./helpers/axe.ts";
import type { Course, CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import type { ReviewDue } from "@neonlab/shared/schemas/review";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { answerKey } from "./helpers/answer-key.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// The daily review: a quiz missed in a lesson comes back on /review as a card, asked as the lesson asks it;
// answered right, it is scheduled days out and leaves the day's list.

// The app's service worker registers as in a real browser (a blocked registration resolves to nothing).
base.use({ serviceWorkers: "allow" });

type Learner = { request: APIRequestContext; user: E2eUser };

const test = base.extend<{ learner: (name: string) => Promise<Learner> }>({
  learner: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (name) => {
      const request = await playwright.request.newContext({ baseURL });
      contexts.push(request);
      const user = await signUpViaApi(request, undefined, { displayName: name, email: uniqueEmail("review") });
      return { request, user };
    });
    for (const context of contexts) await context.dispose();
  },
});

async function firstLesson({ request, user }: Learner) {
  const courses = (await (await request.get("/api/courses")).json()) as Course[];
  const course = courses.find((c) => !c.premium)!;
  const detail = (await (await request.get(`/api/courses/${course.slug}`)).json()) as CourseDetail;
  const slug = detail.chapters[0]!.lessons[0]!.slug;
  const res = await request.get(`/api/courses/${course.slug}/lessons/${slug}`, { headers: user.headers });
  return (await res.json()) as LessonDetail;
}

const dueOf = async ({ request, user }: Learner) =>
  (await (await request.get("/api/review", { headers: user.headers })).json()) as ReviewDue;

async function axeViolations(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.html.slice(0, 160)} — ${n.failureSummary?.split("\n")[1] ?? ""}`),
  }));
}

test("a quiz missed in a lesson comes back on /review; answered right, it leaves the day's list", async ({
  page,
  context,
  learner,
}) => {
  const who = await learner("Review Ada");
  const lesson = await firstLesson(who);
  const quiz = lesson.quizzes[0]!;
  const correct = answerKey(lesson).get(quiz.id)!;
  const wrong = quiz.options.find((o) => !correct.includes(o.id))!;
  expect((await dueOf(who)).due_count).toBe(0);

  // Missed in the lesson, through the page.
  await signInContext(context, who.user.token);
  await prepareApp(page);
  await visit(page, `/courses/${lesson.course.slug}/${lesson.slug}`);
  await waitForPreloaderGone(page);
  const lessonCard = page.locator(`[data-quiz="${quiz.key}"]`);
  await lessonCard.locator(`input[value="${wrong.id}"]`).check();
  await lessonCard.getByRole("button", { name: "Check answer" }).click();
  await expect(lessonCard.locator('[data-quiz-result="wrong"]')).toBeVisible();
  expect((await dueOf(who)).due_count).toBe(1);

  // The account menu says a card is due; its review entry leads to /review.
  await visit(page, "/courses");
  await expect(page.locator("[data-review-due]").first()).toHaveText("1");
  await page.getByRole("button", { name: /Account menu for .*1 review card due/ }).click();
  await page.getByRole("menuitem", { name: /Daily review/ }).click();
  await expect(page).toHaveURL(/\/review$/);

  // The card asks the lesson's quiz, in the learner's order, with a link to it on the lesson page.
  const card = page.locator(`[data-quiz="${quiz.key}"]`);
  await expect(card).toBeVisible();
  await expect(page.locator("[data-review-count]")).toHaveText(/1 due today/);
  const shown = await card.locator("input").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(shown).toEqual(quiz.options.map((o) => o.id));
  await expect(page.getByRole("link", { name: `From the lesson: ${lesson.title}` })).toHaveAttribute(
    "href",
    `/courses/${lesson.course.slug}/${lesson.slug}#quiz-${quiz.key}`,
  );

  // Answered right with the keyboard: the verdict takes the focus, then the card is scheduled days out.
  await card.locator(`input[value="${correct[0]}"]`).focus();
  for (const id of correct) {
    await card.locator(`input[value="${id}"]`).focus();
    await page.keyboard.press("Space");
  }
  await card.getByRole("button", { name: "Check answer" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.locator('[data-quiz-result="correct"]')).toBeFocused();
  await expect(page.locator("[data-review-after]")).toContainText(/comes back in \d+ days/);
  await expect(page.locator("[data-review-after]")).toContainText("+5 XP");
  expect(await axeViolations(page), "axe after a right answer").toEqual([]);
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.locator("[data-review-empty]")).toContainText("Nothing to review");
  expect(await dueOf(who)).toEqual({ due_count: 0, cards: [] });
});

for (const mode of ["dark", "light"] as const) {
  for (const width of [375, 1280]) {
    test(`the review page at ${width}px ${mode}: a card, a wrong answer's hint, the empty state, axe-clean`, async ({
      page,
      context,
      learner,
    }) => {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      const who = await learner("Review Screens");
      const lesson = await firstLesson(who);
      const quiz = lesson.quizzes[0]!;
      const correct = answerKey(lesson).get(quiz.id)!;
      const wrong = quiz.options.find((o) => !correct.includes(o.id))!;
      // Missed through the lesson's route (where an answer queued offline arrives too).
      const missed = await who.request.post(`/api/lessons/${lesson.id}/quizes/${quiz.id}/complete`, {
        headers: who.user.headers,
        data: { responses: [wrong.id] },
      });
      expect(missed.ok(), await missed.text()).toBe(true);

      await signInContext(context, who.user.token);
      await prepareApp(page, { scheme: mode });
      await visit(page, "/review");
      await waitForPreloaderGone(page);
      const card = page.locator(`[data-quiz="${quiz.key}"]`);
      await expect(card).toBeVisible();
      expect(await axeViolations(page), "axe with a due card").toEqual([]);
      await expectSoundPage(page, { header: true, footer: true });
      await saveScreenshot(page, `review-card-${width}-${mode}`);

      await card.locator(`input[value="${wrong.id}"]`).check();
      await card.getByRole("button", { name: "Check answer" }).click();
      const verdict = card.locator('[data-quiz-result="wrong"]');
      await expect(verdict).toBeFocused();
      await expect(card.locator("[data-feedback]")).toHaveCount(0);
      await expect(card.getByRole("button", { name: /Check answer|Try again/ })).toHaveCount(0);
      await expect(page.locator("[data-review-after]")).toContainText("comes back tomorrow");
      expect(await axeViolations(page), "axe after a wrong answer").toEqual([]);
      await saveScreenshot(page, `review-wrong-${width}-${mode}`);

      await page.getByRole("button", { name: "Finish" }).click();
      await expect(page.locator("[data-review-empty]")).toBeVisible();
      expect(await axeViolations(page), "axe on the empty state").toEqual([]);
      await saveScreenshot(page, `review-empty-${width}-${mode}`);
    });
  }
}
