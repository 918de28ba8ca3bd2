import type { Course, CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { answerKey } from "./helpers/answer-key.ts";
import { completeLesson } from "./helpers/learning.ts";
import { type E2eUser, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

type Headers = E2eUser["headers"];

async function getJson<T>(request: APIRequestContext, path: string, headers?: Headers): Promise<T> {
  const response = await request.get(path, { headers });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Answers every quiz (the first one wrong first, when asked) and every reflection of the open lesson page. */
async function workThroughLesson(page: Page, lesson: LessonDetail, key: Map<number, string[]>, wrongFirst: boolean) {
  await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
  await expect(page.getByText(lesson.goal)).toBeVisible();
  const complete = page.getByRole("button", { name: "Complete lesson" });
  await expect(complete).toBeDisabled();

  for (const [index, quiz] of lesson.quizzes.entries()) {
    const card = page.locator(`[data-quiz="${quiz.key}"]`);
    const correct = key.get(quiz.id) ?? [];
    // Options are found by their id (the input value): their accessible names grow explanations after answering.
    const control = (optionId: string) =>
      card.locator(`input[type=${quiz.type === "single" ? "radio" : "checkbox"}][value="${optionId}"]`);
    if (wrongFirst && index === 0) {
      const wrong = quiz.options.find((o) => !correct.includes(o.id));
      expect(wrong, "the first quiz has a wrong option").toBeTruthy();
      await control(wrong!.id).check();
      await card.getByRole("button", { name: "Check answer" }).click();
      // Wrong says so and takes the focus; no option is marked right or wrong.
      await expect(card.locator('[data-quiz-result="wrong"]')).toBeFocused();
      await expect(card.locator("[data-feedback]")).toHaveCount(0);
      if (quiz.type === "multiple") await control(wrong!.id).uncheck();
    }
    for (const id of correct) await control(id).check();
    await card.getByRole("button", { name: /Check answer|Try again/ }).click();
    await expect(card.locator('[data-quiz-result="correct"]')).toBeFocused();
    // Every option is explained once the quiz is passed.
    await expect(card.locator("[data-feedback]")).toHaveCount(quiz.options.length);
  }

  for (const reflection of lesson.reflections) {
    const card = page.locator(`[data-reflection="${reflection.key}"]`);
    await card.getByRole("textbox").fill("It keeps pages usable for everyone, including screen-reader users.");
    await card.getByRole("button", { name: "Save answer" }).click();
    await expect(card.getByText("Your answer is saved.")).toBeFocused();
  }
  await expect(complete).toBeEnabled();
  await complete.click();
}

async function closeDialog(page: Page, text: string, button: string) {
  const dialog = page.getByRole("dialog").filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button }).click();
  await expect(dialog).toHaveCount(0);
}

test("a new learner passes a chapter: quiz feedback, reflections, XP, streak and badge dialogs", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const courses = await getJson<Course[]>(request, "/api/courses");
  const course = courses.find((c) => !c.premium);
  expect(course, "a public course exists").toBeTruthy();
  const user = await signUpViaApi(request, context, { displayName: "Lesson Runner", email: uniqueEmail("learner") });
  const detail = await getJson<CourseDetail>(request, `/api/courses/${course!.slug}`, user.headers);
  const chapter = detail.chapters[0];

  await prepareApp(page);
  await visit(page, "/courses");
  await waitForPreloaderGone(page);
  // The first two covers are the page's largest paint: fetched at once and first; the rest lazily.
  const covers = page.locator("article[data-course] img");
  await expect(covers.nth(1)).toHaveAttribute("fetchpriority", "high");
  await expect(covers.nth(1)).toHaveAttribute("loading", "eager");
  await expect(covers.nth(2)).toHaveAttribute("loading", "lazy");
  // Marks this document: it must survive until the end (no page reload for the header to update).
  await page.evaluate(() => {
    (window as unknown as { learningRun: boolean }).learningRun = true;
  });
  await page.getByRole("link", { name: course!.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: course!.title })).toBeVisible();
  await expect(page.locator(`[data-chapter="${chapter.slug}"]`)).toHaveAttribute("data-completed", "false");
  await page.getByRole("link", { name: chapter.lessons[0].title }).click();

  let xp = 0;
  for (const [index, summary] of chapter.lessons.entries()) {
    const lesson = await getJson<LessonDetail>(
      request,
      `/api/courses/${course!.slug}/lessons/${summary.slug}`,
      user.headers,
    );
    const key = answerKey(lesson);
    await expect(page).toHaveURL(new RegExp(`/courses/${course!.slug}/${summary.slug}$`));
    await workThroughLesson(page, lesson, key, index === 0);
    xp += lesson.xp;
    await closeDialog(page, `You've earned ${lesson.xp} XP for completing this lesson.`, "Sounds Good");
    if (index === 0) await closeDialog(page, "1 Day Streak!", "Keep Going");
    if (index === chapter.lessons.length - 1) {
      const badge = page.getByRole("dialog").filter({ hasText: "Here's Your Badge!" });
      await expect(badge).toContainText(chapter.badge.name);
      await expect(badge.getByRole("img", { name: `${chapter.badge.name} badge` })).toBeVisible();
      await closeDialog(page, "Here's Your Badge!", "Sounds Good");
    } else {
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.locator("[data-completed=true]").getByRole("link", { name: "Next lesson" }).click();
    }
    // The header shows the new total without a reload.
    await expect(page.locator(`[data-stat="xp"]`)).toContainText(`${xp} XP`);
  }
  await expect(page.locator(`[data-stat="streak"]`)).toContainText("1 day streak");
  expect(await page.evaluate(() => (window as unknown as { learningRun?: boolean }).learningRun)).toBe(true);

  // The course page shows the chapter and its badge as earned.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: course!.title }).click();
  await expect(page.locator(`[data-chapter="${chapter.slug}"]`)).toHaveAttribute("data-completed", "true");
  for (const lesson of chapter.lessons) {
    await expect(page.locator(`[data-lesson="${lesson.slug}"]`)).toHaveAttribute("data-state", "done");
  }

  // The rank shows the learner's own row; the profile shows the badge, activity and history.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rank" }).click();
  const me = page.locator("tr[data-me]");
  await expect(me).toContainText("Lesson Runner");
  await expect(me).toContainText(String(xp));

  await visit(page, `/profile/${user.username}`);
  await expect(page.locator('[data-profile-stat="xp"] dd')).toHaveText(String(xp));
  await expect(page.locator(`[data-badge="${chapter.badge.name}"]`)).toBeVisible();
  await expect(page.locator("[data-activity]")).toHaveCount(3);
  await expect(page.locator('[data-ledger] [data-ledger-entry="xp"]')).toHaveCount(chapter.lessons.length);
  await expect(page.locator("[data-streak-count]")).toHaveText("1");

  // Streak freeze on and off (a new account owns one freeze), then the spec toast when the server refuses.
  // Each change asks first (the generic confirmation dialog); Yes carries it out.
  const streak = page.locator("[data-streak-widget]");
  const confirm = async (dialogName: string) => {
    const dialog = page.getByRole("dialog", { name: dialogName });
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(dialog).toHaveCount(0);
  };
  await streak.getByRole("button", { name: "Put a freeze on" }).click();
  await confirm("Put a freeze on");
  await expect(streak.getByText("On", { exact: true })).toBeVisible();
  await streak.getByRole("button", { name: "Take the freeze off" }).click();
  await confirm("Take the freeze off");
  await expect(streak.getByText("Off", { exact: true })).toBeVisible();
  await page.route("**/api/users/freeze-streak", (route) =>
    route.fulfill({ status: 409, json: { statusCode: 409, statusMessage: "Conflict", message: "No." } }),
  );
  await streak.getByRole("button", { name: "Put a freeze on" }).click();
  await confirm("Put a freeze on");
  await expect(page.getByText("Failed to manage streak")).toBeVisible();
  await expect(streak.getByText("Off", { exact: true })).toBeVisible();
});

test("a premium lesson beyond the preview chapter shows the paywall", async ({ page, context, request }) => {
  const courses = await getJson<Course[]>(request, "/api/courses");
  const premium = courses.find((c) => c.premium);
  expect(premium, "a premium course exists").toBeTruthy();
  await signUpViaApi(request, context, { displayName: "Free Rider", email: uniqueEmail("free") });
  const detail = await getJson<CourseDetail>(request, `/api/courses/${premium!.slug}`);
  const locked = detail.chapters[1].lessons[0];

  await prepareApp(page);
  await visit(page, `/courses/${premium!.slug}`);
  await expect(page.locator("[data-paywall-notice]")).toBeVisible();
  await expect(page.locator(`[data-lesson="${locked.slug}"]`)).toHaveAttribute("data-state", "locked");
  await expect(
    page.locator(`[data-lesson="${locked.slug}"]`).getByRole("link", { name: "Unlock with Pro" }),
  ).toHaveAttribute("href", "/pricing");
  const preview = detail.chapters[0].lessons[0];
  await expect(page.locator(`[data-lesson="${preview.slug}"]`)).toHaveAttribute("data-state", "open");

  await visit(page, `/courses/${premium!.slug}/${locked.slug}`);
  const paywall = page.locator("[data-paywall]");
  await expect(paywall.getByRole("heading", { name: "This lesson is locked" })).toBeVisible();
  await expect(paywall.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("complementary", { name: "AI tutor" })).toBeVisible();
});

test("the leaderboard is open to signed-out visitors, arrives drawn, and offers sign-in for their own place", async ({
  page,
  request,
}) => {
  // A learner with XP, so the board has a row.
  const learner = await signUpViaApi(request);
  const courses = await getJson<Course[]>(request, "/api/courses");
  const free = courses.find((course) => !course.premium)!;
  const detail = await getJson<CourseDetail>(request, `/api/courses/${free.slug}`, learner.headers);
  const lesson = detail.chapters[0]!.lessons[0]!;
  await completeLesson(request, learner.headers, `/api/courses/${free.slug}/lessons/${lesson.slug}`);

  // The server asks the API again every few seconds, so a board rendered just before may still be empty.
  await expect.poll(async () => (await request.get("/rank")).text(), { timeout: 15_000 }).toContain("data-rank-table");
  await prepareApp(page);
  await visit(page, "/rank");
  await expect(page.locator("[data-rank-table] tbody tr").first()).toBeVisible();
  await expect(page.locator("tr[data-me]")).toHaveCount(0);
  await page.locator("[data-sign-in-hint]").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
