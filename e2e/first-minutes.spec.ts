// A learner's first minutes: confirming the account, the catalogue's order, the welcome strip,
// "Continue learning", a wrong code, and the pages they meet first, looked at in both modes at 375 and
// 1280 px (pictures in e2e/screenshots/first-*.png) and checked with axe.
import { axeOn } from "./helpers/axe.ts";
import type { Course, CourseDetail } from "@neonlab/shared/schemas/learning";
import { expect, type Page, test } from "@playwright/test";
import { prepareApp, visit } from "./helpers/app.ts";
import { completeLesson } from "./helpers/learning.ts";
import { waitForCode } from "./helpers/outbox.ts";
import { lookAt } from "./helpers/screenshots.ts";
import { type E2eUser, signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

const WITH_FOOTER = { header: true, footer: true };

async function expectNoAxeViolations(page: Page) {
  const results = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.html.slice(0, 160)} — ${n.failureSummary?.split("\n")[1] ?? ""}`),
  }));
  expect(summary).toEqual([]);
}

/** The catalogue as the API lists it, and the first lesson of its first free course. */
async function catalogue(page: Page) {
  const courses = (await (await page.request.get("/api/courses")).json()) as Course[];
  const free = courses.find((course) => !course.premium)!;
  const premium = courses.find((course) => course.premium)!;
  const detail = (await (await page.request.get(`/api/courses/${free.slug}`)).json()) as CourseDetail;
  const premiumDetail = (await (await page.request.get(`/api/courses/${premium.slug}`)).json()) as CourseDetail;
  const lessons = detail.chapters.flatMap((chapter) => chapter.lessons);
  const locked = premiumDetail.chapters.flatMap((chapter) => chapter.lessons).find((lesson) => lesson.locked)!;
  return { courses, free, premium, lessons, locked };
}

test("a confirmed learner lands on /courses: free courses first, a welcome strip one click from the first free lesson", async ({
  page,
  request,
}) => {
  const { courses, free, lessons } = await catalogue(page);
  // The API lists a Pro course first (by id); a learner without access meets the free ones first.
  expect(courses[0]?.premium).toBe(true);
  const email = uniqueEmail("first");
  await prepareApp(page);
  await page.goto("/register");
  await page.getByLabel(/^Display name/).fill("Ada First");
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByRole("textbox", { name: /^Password/ }).fill("violet-kettle-42");
  await page.getByRole("button", { name: "Create Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm your email" });
  const code = await waitForCode(request, email);

  // A wrong code: said in plain words at the field, the digits kept to be corrected.
  const field = dialog.getByLabel("Confirmation code");
  const wrong = code === "000000" ? "111111" : "000000";
  await field.fill(wrong);
  await dialog.getByRole("button", { name: "Submit Code" }).click();
  await expect(dialog.getByText("That code is not right — check the latest mail, or send a new one")).toBeVisible();
  await expect(page.getByText("Invalid OTP")).toHaveCount(0);
  await expect(field).toHaveValue(`${wrong.slice(0, 3)}-${wrong.slice(3)}`);
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill(code);
  await dialog.getByRole("button", { name: "Submit Code" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  const cards = page.locator("[data-course-list] [data-course]");
  await expect(cards.first()).toHaveAttribute("data-premium", "false");
  const order = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-premium")));
  expect(order).toEqual([...order].sort());

  const strip = page.locator("[data-welcome-strip]");
  await expect(strip).toContainText("Hi Ada First, your first lesson is ready");
  await expect(strip).toContainText(lessons[0]!.title);
  const start = strip.getByRole("link", { name: "Start the first lesson" });
  await expect(start).toHaveAttribute("href", `/courses/${free.slug}/${lessons[0]!.slug}`);
  await start.click();
  await expect(page.locator("article[data-lesson]")).toHaveAttribute("data-lesson", lessons[0]!.slug);
});

test("'Continue learning' opens the next unfinished lesson", async ({ page, context, request }) => {
  const { free, lessons } = await catalogue(page);
  const user = await signUpViaApi(request, context, { displayName: "Cy Continue" });
  await prepareApp(page);
  await visit(page, "/");
  const cta = page.getByRole("link", { name: "Continue learning" });
  await expect(cta).toHaveAttribute("href", `/courses/${free.slug}/${lessons[0]!.slug}`);

  await completeLesson(request, user.headers, `/api/courses/${free.slug}/lessons/${lessons[0]!.slug}`);
  await visit(page, "/");
  await expect(cta).toHaveAttribute("href", `/courses/${free.slug}/${lessons[1]!.slug}`);
  // Not a new learner any more: no welcome strip.
  await visit(page, "/courses");
  await expect(page.locator("[data-course-list]")).toBeVisible();
  await expect(page.locator("[data-welcome-strip]")).toHaveCount(0);
  await visit(page, "/");
  await expect(cta).toHaveAttribute("href", `/courses/${free.slug}/${lessons[1]!.slug}`);
  await cta.click();
  await expect(page).toHaveURL(new RegExp(`/courses/${free.slug}/${lessons[1]!.slug}$`));
});

test.describe("the first pages, looked at", () => {
  let user: E2eUser;
  test.beforeAll(async ({ request }) => {
    user = await signUpViaApi(request, undefined, { displayName: "Screen Newcomer", email: uniqueEmail("shots") });
  });

  for (const mode of ["dark", "light"] as const) {
    for (const width of [375, 1280]) {
      test(`home, course pages and the locked Pro lesson at ${width}px, ${mode}`, async ({ page, context }) => {
        const { free, premium, locked } = await catalogue(page);
        await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
        await page.emulateMedia({ reducedMotion: "reduce" });
        await signInContext(context, user.token);
        await prepareApp(page, { scheme: mode });
        const shots = [
          { name: "home", path: "/", ready: "[data-nl-layout='home']", chrome: WITH_FOOTER },
          { name: "courses", path: "/courses", ready: "[data-welcome-strip]", chrome: WITH_FOOTER },
          { name: "course", path: `/courses/${free.slug}`, ready: "[data-course-page]", chrome: WITH_FOOTER },
          { name: "course-pro", path: `/courses/${premium.slug}`, ready: "[data-course-page]", chrome: WITH_FOOTER },
          {
            name: "locked-lesson",
            path: `/courses/${premium.slug}/${locked.slug}`,
            ready: "[data-paywall]",
            chrome: { header: true, footer: false },
          },
        ];
        for (const shot of shots) {
          await lookAt(page, shot, `first-${shot.name}-${width}-${mode}`, () => expectNoAxeViolations(page));
        }
        // The course page's start button is in the first screen, at 375 px too.
        await visit(page, `/courses/${free.slug}`);
        const startCourse = page.getByRole("link", { name: "Start course" });
        const box = await startCourse.boundingBox();
        expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0)).toBeLessThanOrEqual(
          page.viewportSize()!.height,
        );
        // The locked lesson says which lesson it is and where it sits.
        await visit(page, `/courses/${premium.slug}/${locked.slug}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(locked.title);
        const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
        await expect(crumbs.getByRole("link", { name: "Courses" })).toHaveAttribute("href", "/courses");
        await expect(crumbs.getByRole("link", { name: premium.title })).toHaveAttribute(
          "href",
          `/courses/${premium.slug}`,
        );
        await expect(page).toHaveTitle(`${locked.title} · NeonLab`);
      });
    }
  }
});
