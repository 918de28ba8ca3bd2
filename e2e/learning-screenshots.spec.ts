import type { Course, CourseDetail } from "@neonlab/shared/schemas/learning";
import { expect, test } from "@playwright/test";
import { prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { completeLesson } from "./helpers/learning.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

let user: E2eUser;

let coursePath = "";
let lessonPath = "";

test.beforeAll(async ({ request }) => {
  user = await signUpViaApi(request, undefined, { displayName: "Screen Learner", email: uniqueEmail("shots") });
  const courses = (await (await request.get("/api/courses")).json()) as Course[];
  const course = courses.find((c) => !c.premium)!;
  const detail = (await (await request.get(`/api/courses/${course.slug}`)).json()) as CourseDetail;
  coursePath = `/courses/${course.slug}`;
  await completeLesson(
    request,
    user.headers,
    `/api/courses/${course.slug}/lessons/${detail.chapters[0].lessons[0].slug}`,
  );
  // A lesson with code in it shows the highlighting too.
  lessonPath = `${coursePath}/${detail.chapters[0].lessons[0].slug}`;
});

for (const mode of ["dark", "light"] as const) {
  for (const width of [375, 1280]) {
    test(`learning screenshots at ${width}px, ${mode}`, async ({ page, context }) => {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await signInContext(context, user.token);
      await prepareApp(page, { scheme: mode });
      const shots = [
        { name: "courses", path: "/courses", ready: "[data-course-list]" },
        { name: "course", path: coursePath, ready: "[data-course-page]" },
        { name: "lesson", path: lessonPath, ready: "article[data-lesson]" },
        { name: "rank", path: "/rank", ready: "[data-rank-table], [data-empty]" },
        { name: "profile", path: `/profile/${user.username}`, ready: "[data-history]" },
      ];
      for (const shot of shots) {
        await visit(page, shot.path);
        await expect(page.locator(shot.ready).first()).toBeVisible();
        await waitForPreloaderGone(page);
        await page.waitForLoadState("networkidle");
        await saveScreenshot(page, `learning-${shot.name}-${width}-${mode}`);
      }
    });
  }
}
