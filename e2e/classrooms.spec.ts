// Classrooms: a Pro teacher creates one, a learner joins with the code's link, the teacher assigns a course with
// a due date, the learner completes a lesson and the dashboard and the CSV show it; a member who leaves is gone
// from the teacher's view at once, and someone outside gets 404. Then the pages at 375 and 1280 px in both
// colour modes: layout checks, axe, screenshots in e2e/screenshots/classroom-*.
import { axeOn } from "./helpers/axe.ts";
import type { ClassroomDetail, ClassroomProgress } from "@neonlab/shared/schemas/classrooms";
import type { Course, CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { answerKey } from "./helpers/answer-key.ts";
import { proUser } from "./helpers/blogs.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

test.describe.configure({ mode: "serial" });
// The app runs with its service worker, as in a learner's browser.
test.use({ serviceWorkers: "allow" });

let teacher: E2eUser;
let member: E2eUser;
let leaver: E2eUser;
let outsider: E2eUser;
let classroomId = 0;
let course: Course;

async function axeViolations(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target} ${v.nodes[0]?.failureSummary ?? ""}`);
}

/** Completes the free course's first lesson through the API, answering its quizzes right. */
async function completeFirstLesson(request: APIRequestContext, user: E2eUser) {
  const detail = (await (await request.get(`/api/courses/${course.slug}`)).json()) as CourseDetail;
  const slug = detail.chapters[0]!.lessons[0]!.slug;
  const lesson = (await (
    await request.get(`/api/courses/${course.slug}/lessons/${slug}`, { headers: user.headers })
  ).json()) as LessonDetail;
  const key = answerKey(lesson);
  for (const quiz of lesson.quizzes) {
    const res = await request.post(`/api/lessons/${lesson.id}/quizes/${quiz.id}/complete`, {
      headers: user.headers,
      data: { responses: key.get(quiz.id) },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  for (const reflection of lesson.reflections) {
    await request.post(`/api/lessons/${lesson.id}/reflections/${reflection.id}/complete`, {
      headers: user.headers,
      data: { userResponse: "Because it keeps the page usable for everyone." },
    });
  }
  const done = await request.post(`/api/lessons/${lesson.id}/complete`, { headers: user.headers, data: {} });
  expect(done.ok(), await done.text()).toBe(true);
}

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

test.beforeAll(async ({ playwright }) => {
  // A request context per account: a session cookie in a shared one would make the next sign-up a
  // cookie-bearing request without an Origin, which the auth handler refuses.
  const fresh = () => playwright.request.newContext({ baseURL });
  const teacherRequest = await fresh();
  teacher = await proUser(teacherRequest, "Tess Teacher");
  // Pro arrives with the payment provider's event: wait for it before teaching.
  await expect
    .poll(
      async () => (await (await teacherRequest.get("/api/profile", { headers: teacher.headers })).json()).has_access,
    )
    .toBe(true);
  member = await signUpViaApi(await fresh(), undefined, { displayName: "Mia Member", email: uniqueEmail("class") });
  leaver = await signUpViaApi(await fresh(), undefined, { displayName: "Lee Leaver", email: uniqueEmail("class") });
  outsider = await signUpViaApi(await fresh(), undefined, {
    displayName: "Otto Outsider",
    email: uniqueEmail("class"),
  });
  const courses = (await (await (await fresh()).get("/api/courses")).json()) as Course[];
  course = courses.find((c) => !c.premium)!;
});

test("create, join by link, assign with a due date, progress on the dashboard and in the CSV", async ({
  browser,
  request,
}) => {
  // The teacher creates the classroom on /classrooms.
  const teacherContext = await browser.newContext({ serviceWorkers: "allow" });
  await signInContext(teacherContext, teacher.token);
  const page = await teacherContext.newPage();
  await prepareApp(page);
  await visit(page, "/classrooms");
  await waitForPreloaderGone(page);
  await page.getByLabel("New classroom").fill("Period 3");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/classrooms\/\d+$/);
  classroomId = Number(new URL(page.url()).pathname.split("/").pop());
  const code = (await page.locator("[data-join-code]").getAttribute("data-join-code"))!;
  expect(code).toMatch(/^[0-9A-Z]{10}$/);

  // The learner follows the join link, sees who teaches, joins.
  const memberContext = await browser.newContext({ serviceWorkers: "allow" });
  await signInContext(memberContext, member.token);
  const learnerPage = await memberContext.newPage();
  await prepareApp(learnerPage);
  await visit(learnerPage, `/classrooms/join/${code}`);
  await waitForPreloaderGone(learnerPage);
  await learnerPage.getByRole("button", { name: "Join classroom" }).click();
  await expect(learnerPage).toHaveURL(new RegExp(`/classrooms/${classroomId}$`));
  await expect(learnerPage.getByText("Taught by Tess Teacher")).toBeVisible();
  // A second member joins through the API (and leaves later).
  const joined = await request.post("/api/classrooms/join", { headers: leaver.headers, data: { code } });
  expect(joined.ok(), await joined.text()).toBe(true);

  // The teacher assigns the course with a due date.
  await page.getByRole("combobox", { name: "Course" }).click();
  await page.getByRole("option", { name: course.title }).click();
  await page.getByLabel("Due (optional)").fill("2099-06-30");
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText(`Assigned ${course.title}.`)).toBeVisible();
  await page.getByRole("tab", { name: "By assignment" }).click();
  await expect(page.locator("[data-assignment-row]")).toHaveCount(1);

  // The member sees it assigned, with its due date, on /classrooms and on the courses page.
  await visit(learnerPage, "/classrooms");
  await expect(learnerPage.locator("[data-assignment]").first()).toContainText(course.title);
  await expect(learnerPage.locator("[data-assignment]").first()).toContainText("Due");
  await visit(learnerPage, "/courses");
  await expect(learnerPage.locator(`[data-course="${course.slug}"] [data-assigned]`)).toContainText("Assigned");

  // The member completes a lesson: the dashboard and the CSV show it.
  await completeFirstLesson(request, member);
  await page.reload();
  await expect(page.locator('[data-member="' + member.username + '"]')).toContainText(/1 \/ \d+/);
  const api = (await (
    await request.get(`/api/classrooms/${classroomId}/progress`, { headers: teacher.headers })
  ).json()) as ClassroomProgress;
  expect(api.members.find((m) => m.username === member.username)!.cells[0]!.done).toBe(1);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text.split("\n")[0]).toContain("member,username,assignment");
  expect(text).toContain("Mia Member");
  expect(text).toContain("2099-06-30");

  // A drill-down per member, sortable columns.
  await page.getByRole("tab", { name: "By member" }).click();
  await page.getByRole("button", { name: "Mia Member" }).click();
  await expect(page.locator("[data-member-detail]")).toContainText(course.title);
  // Sorting by keyboard: the column's button takes Enter.
  await page.getByRole("button", { name: /Lessons done/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("columnheader", { name: /Lessons done/ })).toHaveAttribute("aria-sort", "ascending");

  // A member who leaves disappears from the teacher's view at once.
  expect((await request.post(`/api/classrooms/${classroomId}/leave`, { headers: leaver.headers })).ok()).toBe(true);
  await page.reload();
  await expect(page.locator(`[data-member="${member.username}"]`)).toBeVisible();
  await expect(page.locator(`[data-member="${leaver.username}"]`)).toHaveCount(0);

  // Someone outside gets 404, on the API and on the page.
  expect((await request.get(`/api/classrooms/${classroomId}`, { headers: outsider.headers })).status()).toBe(404);
  expect((await request.get(`/api/classrooms/${classroomId}/progress`, { headers: outsider.headers })).status()).toBe(
    404,
  );
  const outsiderContext = await browser.newContext({ serviceWorkers: "allow" });
  await signInContext(outsiderContext, outsider.token);
  const outsiderPage = await outsiderContext.newPage();
  await prepareApp(outsiderPage);
  await visit(outsiderPage, `/classrooms/${classroomId}`);
  await expect(outsiderPage.getByText("Classroom not found")).toBeVisible();
  for (const context of [teacherContext, memberContext, outsiderContext]) await context.close();
});

for (const mode of ["dark", "light"] as const) {
  for (const width of [375, 1280]) {
    test(`classroom pages at ${width}px ${mode}: sound layout, axe-clean`, async ({ page, context, request }) => {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      const room = (await (
        await request.get(`/api/classrooms/${classroomId}`, { headers: teacher.headers })
      ).json()) as ClassroomDetail;

      await signInContext(context, teacher.token);
      await prepareApp(page, { scheme: mode });
      await visit(page, `/classrooms/${classroomId}`);
      await waitForPreloaderGone(page);
      await expect(page.locator(`[data-member="${member.username}"]`)).toBeVisible();
      await page.getByRole("button", { name: "Mia Member" }).click();
      await expect(page.locator("[data-member-detail]")).toBeVisible();
      expect(await axeViolations(page), "axe on the teacher's dashboard").toEqual([]);
      // Opening the drill-down scrolled the page: the checks look at it from the top, under the sticky header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectSoundPage(page, { header: true, footer: true });
      await saveScreenshot(page, `classroom-dashboard-${width}-${mode}`);

      await visit(page, "/classrooms");
      await waitForPreloaderGone(page);
      await expect(page.locator(`[data-classroom="${classroomId}"]`)).toBeVisible();
      expect(await axeViolations(page), "axe on /classrooms").toEqual([]);
      await expectSoundPage(page, { header: true, footer: true });
      await saveScreenshot(page, `classroom-list-${width}-${mode}`);

      await visit(page, `/classrooms/join/${room.join_code}`);
      await waitForPreloaderGone(page);
      await expect(page.getByRole("button", { name: "Join classroom" })).toBeVisible();
      expect(await axeViolations(page), "axe on the join page").toEqual([]);
      await expectSoundPage(page, { header: true, footer: true });
      await saveScreenshot(page, `classroom-join-${width}-${mode}`);

      // The member's view.
      await context.clearCookies();
      await signInContext(context, member.token);
      await visit(page, `/classrooms/${classroomId}`);
      await waitForPreloaderGone(page);
      await expect(page.getByRole("button", { name: "Leave classroom" })).toBeVisible();
      expect(await axeViolations(page), "axe on the member's view").toEqual([]);
      await expectSoundPage(page, { header: true, footer: true });
      await saveScreenshot(page, `classroom-member-${width}-${mode}`);
    });
  }
}
