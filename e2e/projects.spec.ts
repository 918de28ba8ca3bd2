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
      // A phone shows one pane at a time (Steps, Code, Preview); a laptop all three side by side.
      const showPane = async (name: "Steps" | "Preview") => {
        if (width < 1024) await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
      };
      await showPane("Preview");
      await expect(page.locator("iframe[title$='preview']")).toBeVisible();
      await waitForPreloaderGone(page);
      await showPane("Steps");
      await runStep(page, "structure");
      await expect(step(page, "structure").locator('[data-checks] li[data-state="failed"]').first()).toBeVisible();
      await expectSoundPage(page, { header: true, footer: true });
      await showPane("Preview");
      await expect(page.locator("iframe[title$='preview'][data-rendered-id]")).toBeVisible();
      await saveScreenshot(page, `project-${scheme}-${width}`);
      await page.locator("section[aria-label='Preview']").scrollIntoViewIfNeeded();
      await saveScreenshot(page, `project-stage-${scheme}-${width}`, { fullPage: false });
    });
  }
}

/** The box of what a locator shows, asserted to lie inside the viewport (nothing below the fold, nothing cut). */
async function expectInViewport(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${selector} is shown`).not.toBeNull();
  expect(box!.width, `${selector} has a width`).toBeGreaterThan(0);
  expect(box!.height, `${selector} has a height`).toBeGreaterThan(0);
  expect(box!.x, `${selector} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${selector} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${selector} ends inside the viewport's width`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, `${selector} ends above the fold`).toBeLessThanOrEqual(viewport.height);
  return box!;
}

/** A step's code block: wider code scrolls sideways inside it (keyboard too), never cut by the steps column. */
async function expectCodeScrolls(page: Page, stepKey: string) {
  // The coloured rendering: the code's grammar loads on demand and its block replaces the first, plain one.
  const pre = step(page, stepKey).locator("pre[data-lang]").first();
  await expect(pre.locator("code [class^='hljs-']").first()).toBeVisible();
  await pre.scrollIntoViewIfNeeded();
  const shape = await pre.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    overflowX: getComputedStyle(el).overflowX,
    right: el.getBoundingClientRect().right,
    columnRight: el.closest("[data-project-guide]")!.getBoundingClientRect().right,
  }));
  expect(shape.scrollWidth, "the step's code is wider than its block").toBeGreaterThan(shape.clientWidth);
  expect(shape.overflowX).toBe("auto");
  expect(shape.right, "the block ends inside the steps column").toBeLessThanOrEqual(shape.columnRight);
  await pre.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
  await expect.poll(() => pre.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
}

for (const scheme of ["dark", "light"] as ColorScheme[]) {
  test(`at 1280 × 800 a project's steps, editor and preview sit side by side on one screen (${scheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await prepareApp(page, { scheme });
    await visit(page, "/projects/keyboard-quiz");
    await waitForPreloaderGone(page);
    await expect(page.locator("iframe[title$='preview'][data-rendered-id]")).toBeVisible();
    await expect(page.getByRole("tablist", { name: "Project panes" })).toHaveCount(0);
    const guide = await expectInViewport(page, "[data-project-guide]");
    const code = await expectInViewport(page, "section[aria-label='Code']");
    const preview = await expectInViewport(page, "section[aria-label='Preview']");
    await expectInViewport(page, "iframe[title$='preview']");
    await expectInViewport(page, "section[aria-label='Console']");
    // One row, in this order: steps | editor | preview, each wide enough to work in.
    expect(guide.x + guide.width).toBeLessThanOrEqual(code.x);
    expect(code.x + code.width).toBeLessThanOrEqual(preview.x);
    for (const box of [guide, code, preview]) {
      expect(Math.abs(box.y - guide.y)).toBeLessThan(2);
      expect(box.width).toBeGreaterThan(300);
      expect(box.height).toBeGreaterThan(600);
    }
    expect((await page.locator("iframe[title$='preview']").boundingBox())!.height).toBeGreaterThan(300);
    await saveScreenshot(page, `project-fit-${scheme}-1280x800`, { fullPage: false });
    await expectCodeScrolls(page, "markup");
    await saveScreenshot(page, `project-fit-step-code-${scheme}-1280x800`, { fullPage: false });
    await expectSoundPage(page, { header: true, footer: true });
  });

  test(`at 375 px a project shows Steps, Code and Preview as tabs, keyboard-usable (${scheme})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await prepareApp(page, { scheme });
    await visit(page, "/projects/keyboard-quiz");
    await waitForPreloaderGone(page);
    const tabs = page.getByRole("tablist", { name: "Project panes" });
    const tab = (name: string) => tabs.getByRole("tab", { name: new RegExp(`^${name}`) });
    await expect(tab("Steps")).toHaveAttribute("aria-selected", "true");
    await expect(tab("Steps")).toHaveText("Steps 0/3");
    await expect(page.locator("[data-project-guide]")).toBeVisible();
    await expect(page.locator("section[aria-label='Code']")).toBeHidden();
    await expect(page.locator("section[aria-label='Preview']")).toBeHidden();
    await expectCodeScrolls(page, "markup");
    await expectSoundPage(page, { header: true, footer: true });
    await saveScreenshot(page, `project-tabs-steps-${scheme}-375`, { fullPage: false });

    // Arrow keys move between the tabs and open each pane, which fills the screen below the tabs (from
    // halfway down the steps too); back on Steps, the steps are where they were left.
    await page.evaluate(() => window.scrollTo(0, 600));
    await tab("Steps").focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab("Code")).toBeFocused();
    await expect(tab("Code")).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("[data-project-guide]")).toBeHidden();
    await expectInViewport(page, "section[aria-label='Code']");
    await expect(page.locator("section[aria-label='Code'] .cm-content")).toBeVisible();
    await saveScreenshot(page, `project-tabs-code-${scheme}-375`, { fullPage: false });

    await page.keyboard.press("ArrowRight");
    await expect(tab("Preview")).toBeFocused();
    await expect(page.locator("iframe[title$='preview'][data-rendered-id]")).toBeVisible();
    await expectInViewport(page, "section[aria-label='Preview']");
    await expectSoundPage(page, { header: true, footer: true });
    await saveScreenshot(page, `project-tabs-preview-${scheme}-375`, { fullPage: false });

    await page.keyboard.press("Home");
    await expect(tab("Steps")).toBeFocused();
    await expect(page.locator("[data-project-guide]")).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    await page.keyboard.press("End");
    await expect(tab("Preview")).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolations(page, "[data-project-page]");
  });
}
