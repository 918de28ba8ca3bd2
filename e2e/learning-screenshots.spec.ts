import type { Course, CourseDetail } from "@neonlab/shared/schemas/learning";
import { test } from "@playwright/test";
import { prepareApp } from "./helpers/app.ts";
import { completeLesson } from "./helpers/learning.ts";
import { lookAt } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

/** The default layout's header and footer; a lesson has the compact bar and no footer. */
const WITH_FOOTER = { header: true, footer: true };
const LESSON_CHROME = { header: true, footer: false };

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
    // Checked as a person would look at them (helpers/layout.ts); the pictures are kept for people to look at.
    test(`learning pages at ${width}px, ${mode}: no sideways scrolling, header and footer, readable text`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await signInContext(context, user.token);
      await prepareApp(page, { scheme: mode });
      const shots = [
        { name: "courses", path: "/courses", ready: "[data-course-list]", chrome: WITH_FOOTER },
        { name: "course", path: coursePath, ready: "[data-course-page]", chrome: WITH_FOOTER },
        { name: "lesson", path: lessonPath, ready: "article[data-lesson]", chrome: LESSON_CHROME },
        { name: "rank", path: "/rank", ready: "[data-rank-table], [data-empty]", chrome: WITH_FOOTER },
        { name: "profile", path: `/profile/${user.username}`, ready: "[data-ledger]", chrome: WITH_FOOTER },
      ];
      for (const shot of shots) await lookAt(page, shot, `learning-${shot.name}-${width}-${mode}`);
    });
  }
}
