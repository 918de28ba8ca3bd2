import type { Course, CourseDetail } from "@neonlab/shared/schemas/learning";
import { expect, test } from "@playwright/test";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectNoAxeViolations } from "./helpers/dialogs.ts";
import { completeLesson } from "./helpers/learning.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// Course stars: a learner who completed a lesson rates the course on its page, changes
// the rating, and the catalogue card shows the average and the count.

test("a learner rates a course after a lesson, changes it, and the card shows the average", async ({
  page,
  context,
  request,
}) => {
  const courses = (await (await request.get("/api/courses")).json()) as Course[];
  const free = courses.find((c) => !c.premium)!;
  const user = await signUpViaApi(request, context, { displayName: "Star Giver", email: uniqueEmail("stars") });
  const detail = (await (await request.get(`/api/courses/${free.slug}`)).json()) as CourseDetail;
  const lesson = detail.chapters[0]!.lessons[0]!;

  await prepareApp(page);
  await visit(page, `/courses/${free.slug}`);
  await waitForPreloaderGone(page);
  await expect(page.getByText("Complete a lesson to rate this course.")).toBeVisible();

  await completeLesson(request, user.headers, `/api/courses/${free.slug}/lessons/${lesson.slug}`);
  await page.reload();
  await waitForPreloaderGone(page);
  await expect(page.locator("[data-rate-course]")).toHaveAttribute("data-rate-course", "unrated");
  // The stars are visually hidden radios drawn by their labels: a pointer clicks the fourth star's label.
  const fourth = await page.getByRole("radio", { name: "4 stars" }).getAttribute("id");
  await page.locator(`label[for="${fourth}"]`).click();
  await expect(page.getByText("You rated this course 4 stars.")).toBeVisible();
  await expect(page.locator("[data-rate-course]")).toHaveAttribute("data-rate-course", "4");
  await expect(page.getByText("Your rating")).toBeVisible();

  // Keyboard: the stars are radios; arrows move to a star, Enter gives it.
  await page.getByRole("radio", { name: "4 stars" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "3 stars" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-rate-course]")).toHaveAttribute("data-rate-course", "3");
  await expectNoAxeViolations(page, "[data-course-page]");

  await visit(page, "/courses");
  const card = page.locator(`[data-course="${free.slug}"]`);
  await expect(card.locator("[data-rating]")).toContainText("3.0");
  await expect(card.locator("[data-rating]")).toContainText("1 rating");
});

for (const scheme of ["dark", "light"] as ColorScheme[]) {
  for (const width of [375, 1280]) {
    test(`the rated course page and catalogue look right (${scheme}, ${width} px)`, async ({
      page,
      context,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const courses = (await (await request.get("/api/courses")).json()) as Course[];
      const free = courses.find((c) => !c.premium)!;
      const user = await signUpViaApi(request, context, { displayName: "Look Rater", email: uniqueEmail("look") });
      const detail = (await (await request.get(`/api/courses/${free.slug}`)).json()) as CourseDetail;
      await completeLesson(
        request,
        user.headers,
        `/api/courses/${free.slug}/lessons/${detail.chapters[0]!.lessons[0]!.slug}`,
      );
      const voted = await request.post(`/api/courses/${free.id}/vote?stars=5`, { headers: user.headers });
      expect(voted.ok(), await voted.text()).toBe(true);
      await prepareApp(page, { scheme });
      await visit(page, `/courses/${free.slug}`);
      await waitForPreloaderGone(page);
      await expect(page.locator("[data-rate-course]")).toHaveAttribute("data-rate-course", "5");
      await saveScreenshot(page, `course-rated-${scheme}-${width}`, { fullPage: false });
      await visit(page, "/courses");
      await expect(page.locator(`[data-course="${free.slug}"] [data-rating]`)).toBeVisible();
      await saveScreenshot(page, `courses-rated-${scheme}-${width}`, { fullPage: false });
    });
  }
}
