import type { ProjectDetail, ProjectList } from "@neonlab/shared/schemas/projects";
import { expect, type Page, test } from "@playwright/test";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { expectNoAxeViolations } from "./helpers/dialogs.ts";
import { expectSoundPage } from "./helpers/layout.ts";
import { TASK_LIST_APP_SOLUTION } from "./helpers/project-solution.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// Guided projects: a learner's checks run — the static ones judged by the server from the saved
// files, the script ones in the sandboxed preview with a signed report — and the project completes only
// when every step passed: XP once and the Project complete dialog.

const SLUG = "todo-app-localstorage";

const step = (page: Page, key: string) => page.locator(`[data-step="${key}"]`);

async function runStep(page: Page, key: string) {
  const card = step(page, key);
  if ((await card.getByRole("button", { name: /Run the checks/ }).count()) === 0) {
    await card.locator("button[aria-expanded]").click();
  }
  await card.getByRole("button", { name: /Run the checks/ }).click();
}

test("a learner completes a guided project by passing its checks; failing checks are refused", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signUpViaApi(request, context, { displayName: "Project Runner", email: uniqueEmail("proj") });
  const detail = (await (
    await request.get(`/api/projects/${SLUG}`, { headers: user.headers })
  ).json()) as ProjectDetail;

  await prepareApp(page);
  await visit(page, `/projects/${SLUG}`);
  await waitForPreloaderGone(page);
  await expect(page.getByRole("heading", { level: 1, name: detail.title })).toBeVisible();
  await expect(page.locator("iframe[title$='preview']")).toBeVisible();

  // The starter files fail the first step: each failing check says why; nothing is recorded.
  await runStep(page, "markup");
  const firstChecks = step(page, "markup").locator("[data-checks] li");
  await expect(firstChecks.first()).toHaveAttribute("data-state", "failed");
  await expect(step(page, "markup")).toContainText("needs at least 1");
  await expect(page.getByRole("button", { name: "Complete project" })).toBeDisabled();
  const refused = await request.post(`/api/projects/${detail.id}/complete`, { headers: user.headers });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toContain("pass the checks of");

  // The learner's finished app, saved as the editor would; the page's checks judge it.
  const saved = await request.put(`/api/projects/${detail.id}/files`, {
    headers: user.headers,
    data: { files: TASK_LIST_APP_SOLUTION },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.reload();
  await waitForPreloaderGone(page);
  await expect(page.locator("[data-save-state]")).toHaveText("Your saved files");

  for (const key of ["markup", "add", "toggle-delete", "persist"]) {
    await runStep(page, key);
    // Script checks run in the hidden sandboxed preview; the server records the pass from its signed report.
    await expect(step(page, key)).toHaveAttribute("data-passed", "true", { timeout: 30_000 });
    await expect(step(page, key).locator('[data-checks] li[data-state="passed"]').first()).toBeVisible();
  }
  await expect(page.getByText("Every step passes!")).toBeVisible();
  // The guide (brief, steps, checks, Complete); the editor's own controls are the editor's tests' concern.
  await expectNoAxeViolations(page, "[data-project-guide]");

  await page.getByRole("button", { name: "Complete project" }).click();
  const dialog = page.getByRole("dialog", { name: "Project complete" });
  await expect(dialog.getByText(`You've earned ${detail.xp} XP for completing this project.`)).toBeVisible();
  await saveScreenshot(page, "project-complete-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Sounds Good" }).click();
  const streak = page.getByRole("dialog", { name: "Daily streak" });
  await expect(streak.getByText("1 Day Streak!")).toBeVisible();
  await streak.getByRole("button", { name: "Keep Going" }).click();
  await expect(page.getByRole("button", { name: "Completed" })).toBeDisabled();

  const profile = (await (await request.get("/api/profile", { headers: user.headers })).json()) as { xp: number };
  expect(profile.xp).toBe(detail.xp);
  const again = await request.post(`/api/projects/${detail.id}/complete`, { headers: user.headers });
  expect(((await again.json()) as { xpAwarded: number }).xpAwarded).toBe(0);
});

test("bad input on projects: stars 0 and 6, an unknown project, a premium step without access, bad files", async ({
  request,
  context,
}) => {
  const user = await signUpViaApi(request, context, { displayName: "Bad Input", email: uniqueEmail("projbad") });
  const list = (await (await request.get("/api/projects")).json()) as ProjectList;
  const premium = list.items.find((p) => p.premium)!;
  const free = list.items.find((p) => !p.premium)!;
  const detail = (await (await request.get(`/api/projects/${premium.slug}`)).json()) as ProjectDetail;
  for (const stars of [0, 6]) {
    const res = await request.post(`/api/projects/${free.id}/vote?stars=${stars}`, { headers: user.headers });
    expect(res.status()).toBe(400);
  }
  expect((await request.get("/api/projects/no-such-project")).status()).toBe(404);
  expect((await request.post("/api/projects/999999/complete", { headers: user.headers })).status()).toBe(404);
  const locked = await request.post(`/api/projects/${premium.id}/check`, {
    headers: user.headers,
    data: { step: detail.steps[1]!.key, files: [{ name: "index.html", content: "<p></p>" }] },
  });
  expect(locked.status()).toBe(403);
  expect(((await locked.json()) as { message: string }).message).toContain("premium project");
  const badName = await request.put(`/api/projects/${free.id}/files`, {
    headers: user.headers,
    data: { files: [{ name: "../x.html", content: "" }] },
  });
  expect(badName.status()).toBe(400);
});

for (const scheme of ["dark", "light"] as ColorScheme[]) {
  for (const width of [375, 1280]) {
    test(`the projects catalogue and a project page look right (${scheme}, ${width} px)`, async ({
      page,
      context,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signUpViaApi(request, context, { displayName: "Look Builder", email: uniqueEmail("projlook") });
      await prepareApp(page, { scheme });
      await visit(page, "/projects");
      await expect(page.locator("[data-project-list] article").first()).toBeVisible();
      await waitForPreloaderGone(page);
      await expectSoundPage(page, { header: true, footer: true });
      await saveScreenshot(page, `projects-${scheme}-${width}`);
      await visit(page, "/projects/categories/programming");
      await expect(page.getByRole("heading", { level: 1, name: "Programming projects" })).toBeVisible();
      await visit(page, "/projects/responsive-landing-page");
      await expect(page.locator("iframe[title$='preview']")).toBeVisible();
      await waitForPreloaderGone(page);
      await runStep(page, "structure");
      await expect(step(page, "structure").locator('[data-checks] li[data-state="failed"]').first()).toBeVisible();
      await expectSoundPage(page, { header: true, footer: true });
      await expect(page.locator("iframe[title$='preview'][data-rendered-id]")).toBeVisible();
      await saveScreenshot(page, `project-${scheme}-${width}`);
      await page.locator("section[aria-label='Preview']").scrollIntoViewIfNeeded();
      await saveScreenshot(page, `project-stage-${scheme}-${width}`, { fullPage: false });
    });
  }
}
