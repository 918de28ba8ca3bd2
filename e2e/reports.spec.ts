import type { Course, CourseDetail } from "@neonlab/shared/schemas/learning";
import { expect, request as apiRequest, test } from "@playwright/test";
import { signInAdmin } from "./helpers/admin.ts";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectAccessibleDialog, expectNoAxeViolations } from "./helpers/dialogs.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { signInContext, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// Reports: a learner reports a lesson from its page; a moderator (here the e2e admin) resolves it
// in the lesson reports queue; the learner sees the status on /help and gets a notification.

/**
 * The e2e admin, signed in from a request context of its own: Better Auth asks for an Origin on sign-in and
 * sign-up calls that carry a session cookie, which the test's shared request context holds after a sign-up.
 */
async function moderator() {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await signInAdmin(api);
  await api.dispose();
  return admin;
}

async function freeLessonPath(request: import("@playwright/test").APIRequestContext) {
  const courses = (await (await request.get("/api/courses")).json()) as Course[];
  const free = courses.find((c) => !c.premium)!;
  const detail = (await (await request.get(`/api/courses/${free.slug}`)).json()) as CourseDetail;
  const lesson = detail.chapters[0]!.lessons[0]!;
  return { path: `/courses/${free.slug}/${lesson.slug}`, title: lesson.title };
}

test("a learner reports a lesson, a moderator resolves it, the learner is told", async ({ browser, request }) => {
  const admin = await moderator();
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  const learner = await signUpViaApi(request, learnerContext, {
    displayName: "Careful Reader",
    email: uniqueEmail("reporter"),
  });
  const lesson = await freeLessonPath(request);

  await prepareApp(learnerPage);
  await visit(learnerPage, lesson.path);
  await waitForPreloaderGone(learnerPage);
  await learnerPage.getByRole("button", { name: "Report a problem with this lesson" }).click();
  const dialog = learnerPage.getByRole("dialog", { name: "Report a problem with this lesson" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Choose what the problem is about", { exact: false })).toBeVisible();
  await dialog.getByRole("radio", { name: "A quiz answer looks wrong" }).check();
  await dialog
    .getByRole("textbox", { name: "What happened?" })
    .fill("The second quiz marks the right answer as wrong.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(learnerPage.getByText("Thanks! Your report was sent to the moderators.")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await visit(learnerPage, "/help");
  const mine = learnerPage.locator("[data-your-reports]");
  await expect(mine.getByText("A quiz answer looks wrong")).toBeVisible();
  await expect(mine.locator("[data-status]").first()).toHaveAttribute("data-status", "open");

  // The moderator's queue.
  const modContext = await browser.newContext();
  await signInContext(modContext, admin.token);
  const modPage = await modContext.newPage();
  await prepareApp(modPage);
  await visit(modPage, "/lessons/reports");
  await waitForPreloaderGone(modPage);
  const item = modPage.locator("[data-report]").filter({ hasText: "The second quiz marks the right answer as wrong." });
  await expect(item).toBeVisible();
  await expect(item.getByText("Careful Reader")).toBeVisible();
  await expectNoAxeViolations(modPage, "main");
  await item.getByLabel("Status").click();
  await modPage.getByRole("option", { name: "Resolved" }).click();
  await expect(modPage.getByText(/is now resolved/)).toBeVisible();
  // The open queue no longer lists it.
  await expect(item).toHaveCount(0);

  await learnerPage.reload();
  await waitForPreloaderGone(learnerPage);
  await expect(mine.locator("[data-status]").first()).toHaveAttribute("data-status", "resolved");
  const notes = (await (await request.get("/api/notifications", { headers: learner.headers })).json()) as {
    items: { kind: string }[];
  };
  expect(notes.items.some((n) => n.kind === "report_resolved")).toBe(true);
  await learnerContext.close();
  await modContext.close();
});

test("a learner reports a problem with the app from /help", async ({ page, context, request }) => {
  await signUpViaApi(request, context, { displayName: "App Reporter", email: uniqueEmail("appreport") });
  await prepareApp(page);
  await visit(page, "/help");
  await waitForPreloaderGone(page);
  const section = page.locator("[data-your-reports]");
  await expect(section.getByText("You have not reported anything.", { exact: false })).toBeVisible();
  await section.getByRole("button", { name: "Report a problem" }).click();
  const dialog = page.getByRole("dialog", { name: "Report a problem" });
  await dialog.getByRole("radio", { name: "Something is broken" }).check();
  await dialog
    .getByRole("textbox", { name: "What happened?" })
    .fill("The theme switch forgets my choice after a reload.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(section.getByText("Something is broken")).toBeVisible();
});

for (const scheme of ["dark", "light"] as ColorScheme[]) {
  for (const width of [375, 1280]) {
    test(`the report dialog and the moderator queue look right (${scheme}, ${width} px)`, async ({
      browser,
      request,
    }) => {
      const learner = await signUpViaApi(request, undefined, {
        displayName: "Queue Filler",
        email: uniqueEmail("fill"),
      });
      const sent = await request.post("/api/users/reports", {
        headers: learner.headers,
        data: { cause: "bug", description: "The streak flame does not update after a lesson on my phone." },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      const admin = await moderator();
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await signInContext(context, admin.token);
      const page = await context.newPage();
      await prepareApp(page, { scheme });
      await visit(page, "/app/reports");
      await waitForPreloaderGone(page);
      await expect(page.locator("[data-report]").first()).toBeVisible();
      await expectSoundPage(page, { header: true, footer: true });
      await expectNoAxeViolations(page, "main");
      await saveScreenshot(page, `reports-queue-${scheme}-${width}`, { fullPage: false });
      const lesson = await freeLessonPath(request);
      await visit(page, lesson.path);
      await waitForPreloaderGone(page);
      await page.getByRole("button", { name: "Report a problem with this lesson" }).click();
      // Named, focus kept inside, axe clean once it has settled (the helper's checks run after the opening).
      await expectAccessibleDialog(page, "Report a problem with this lesson");
      await saveScreenshot(page, `report-dialog-${scheme}-${width}`, { fullPage: false });
      await context.close();
    });
  }
}
