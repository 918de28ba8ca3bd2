import { expect, type Locator, type Page, test } from "@playwright/test";
import { prepareApp, visit } from "./helpers/app.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./helpers/session.ts";

type Opener = (arg?: unknown) => Promise<unknown>;
type TestWindow = Window & {
  neonlabTest: { dialogs: () => Promise<Record<string, Opener>> };
  dialogResult?: string;
};

/** Calls a dialog opener through the opt-in test hook; its resolved value lands in window.dialogResult. */
async function open(page: Page, opener: string, arg?: unknown) {
  await page.evaluate(
    ([name, value]) => {
      const w = window as unknown as TestWindow;
      w.dialogResult = "pending";
      void w.neonlabTest
        .dialogs()
        .then((dialogs) => dialogs[name as string]?.(value))
        .then((result) => {
          w.dialogResult = result === undefined ? "undefined" : JSON.stringify(result);
        });
    },
    [opener, arg] as const,
  );
}

const result = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).dialogResult);

async function expectWidth(dialog: Locator, viewport: number, spec: number) {
  await expect(dialog).toBeVisible();
  // Wait for the open transition to end before measuring.
  await expect
    .poll(async () => Math.round(((await dialog.boundingBox())?.width ?? 0) * 10) / 10)
    .toBe(viewport <= 640 ? Math.round(viewport * 0.9 * 10) / 10 : spec);
}

for (const width of [1280, 375]) {
  test.describe(`dialogs at ${width}px`, () => {
    let user: E2eUser;

    test.beforeAll(async ({ request }) => {
      user = await signUpViaApi(request, undefined, { displayName: "Dialog Tester" });
    });

    test.beforeEach(async ({ page, context }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await signInContext(context, user.token);
      await prepareApp(page);
      await visit(page, "/about");
    });

    test("lesson and project complete", async ({ page }) => {
      await open(page, "openLessonCompleteDialog", { xp: 10 });
      let dialog = page.getByRole("dialog", { name: "Lesson complete" });
      await expectWidth(dialog, width, 350);
      await expect(dialog.getByRole("heading", { name: "Great work!" })).toBeVisible();
      await expect(dialog).toContainText("You've earned 10 XP for completing this lesson.");
      await dialog.getByRole("button", { name: "Sounds Good" }).click();
      await expect(dialog).toHaveCount(0);
      expect(await result(page)).toBe("undefined");

      await open(page, "openLessonCompleteDialog", { xp: 0 });
      dialog = page.getByRole("dialog", { name: "Lesson complete" });
      await expect(dialog).toContainText("You've completed this lesson.");
      await expect(dialog).not.toContainText("XP");
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);

      await open(page, "openProjectCompleteDialog", { xp: 50 });
      dialog = page.getByRole("dialog", { name: "Project complete" });
      await expectWidth(dialog, width, 350);
      await expect(dialog).toContainText("Great work!");
      await expect(dialog).toContainText("You've earned 50 XP for completing this project.");
      await dialog.getByRole("button", { name: "Sounds Good" }).click();
      await open(page, "openProjectCompleteDialog", {});
      await expect(page.getByRole("dialog", { name: "Project complete" })).toContainText(
        "You've completed this project.",
      );
    });

    test("streak, chapter badge and course complete", async ({ page }) => {
      await open(page, "openStreakDialog", { count: 7 });
      let dialog = page.getByRole("dialog", { name: "Daily streak" });
      await expectWidth(dialog, width, 350);
      await expect(dialog).toContainText("7 Day Streak!");
      await expect(dialog).toContainText("Streak mode: ON");
      await dialog.getByRole("button", { name: "Keep Going" }).click();
      await expect(dialog).toHaveCount(0);

      await open(page, "openChapterBadgeDialog", { name: "Markup Initiate", image: "/avatars/robot-1.svg" });
      dialog = page.getByRole("dialog", { name: "Chapter complete" });
      await expectWidth(dialog, width, 350);
      await expect(dialog).toContainText("Here's Your Badge!");
      await expect(dialog).toContainText("Markup Initiate");
      await expect(dialog.getByRole("img", { name: "Markup Initiate badge" })).toHaveAttribute(
        "src",
        "/avatars/robot-1.svg",
      );
      await dialog.getByRole("button", { name: "Sounds Good" }).click();

      await open(page, "openCourseCompleteDialog");
      dialog = page.getByRole("dialog", { name: "Congratulations" });
      await expectWidth(dialog, width, 350);
      await expect(dialog).toContainText("You've successfully completed the course!");
      await dialog.getByRole("button", { name: "Awesome!" }).click();
      await expect(dialog).toHaveCount(0);
    });

    test("share hack: links, copy, and only the code link without an environment", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await open(page, "openShareHackDialog", { username: "ada", slug: "neon-rain", hasEnvironment: true });
      let dialog = page.getByRole("dialog", { name: "Share Hack" });
      await expectWidth(dialog, width, 350);
      await expect(dialog).toContainText("Anyone with these links can view this project.");
      const origin = new URL(page.url()).origin;
      await expect(dialog.getByRole("textbox", { name: "Live site", exact: true })).toHaveValue(
        `${origin}/hack/ada/view/neon-rain`,
      );
      await expect(dialog.getByRole("textbox", { name: "Code", exact: true })).toHaveValue(
        `${origin}/hack/ada/neon-rain`,
      );
      await expect(dialog.getByRole("textbox", { name: "Code", exact: true })).toHaveAttribute("readonly", "");
      await dialog.getByRole("button", { name: "Copy Code link" }).click();
      await expect(page.locator(".nl-toast-success")).toContainText("Link copied to clipboard");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/hack/ada/neon-rain`);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);

      await open(page, "openShareHackDialog", { username: "ada", slug: "plain", hasEnvironment: false });
      dialog = page.getByRole("dialog", { name: "Share Hack" });
      await expect(dialog.getByRole("textbox", { name: "Code", exact: true })).toHaveValue(`${origin}/hack/ada/plain`);
      await expect(dialog.getByRole("textbox", { name: "Live site", exact: true })).toHaveCount(0);
    });

    test("editor configuration: 400px, no x, draggable, bounded fields, Update saves", async ({ page }) => {
      await open(page, "openEditorConfigDialog");
      const dialog = page.getByRole("dialog", { name: "Editor Configuration" });
      await expectWidth(dialog, width, 400);
      await expect(dialog.locator(".mantine-Modal-close")).toHaveCount(0);
      await expect(dialog.getByRole("combobox", { name: "Code Editor Theme" })).toHaveValue("Cyberpunk");
      await expect(dialog.getByRole("combobox", { name: "Code Editor Font Family" })).toHaveValue("Roboto");
      const lineHeight = dialog.getByRole("spinbutton", { name: "Code Editor Line Height" });
      await expect(lineHeight).toHaveValue("20");
      await lineHeight.fill("250");
      await lineHeight.blur();
      await expect(lineHeight).toHaveValue("100");
      await lineHeight.press("Home");
      await expect(lineHeight).toHaveValue("0");
      await lineHeight.press("ArrowUp");
      await expect(lineHeight).toHaveValue("1");
      await lineHeight.fill("-5");
      await expect(lineHeight).toHaveValue("5");
      await expect(dialog.getByRole("spinbutton", { name: "Code Editor Font Size" })).toHaveValue("14");

      await dialog.getByRole("combobox", { name: "Code Editor Theme" }).click();
      await page.getByRole("option", { name: "Dracula" }).click();

      if (width > 640) {
        const header = dialog.locator(".mantine-Modal-header");
        const start = await dialog.boundingBox();
        const handle = await header.boundingBox();
        if (!start || !handle) throw new Error("dialog not laid out");
        await page.mouse.move(handle.x + 40, handle.y + handle.height / 2);
        await page.mouse.down();
        await page.mouse.move(handle.x + 140, handle.y + handle.height / 2 + 60, { steps: 5 });
        await page.mouse.up();
        const moved = await dialog.boundingBox();
        expect(Math.round((moved?.x ?? 0) - start.x)).toBe(100);
        expect(Math.round((moved?.y ?? 0) - start.y)).toBe(60);
      }

      await dialog.getByRole("button", { name: "Update" }).click();
      await expect(page.locator(".nl-toast-success")).toContainText("Editor preferences updated successfully");
      await expect(dialog).toHaveCount(0);
      expect(JSON.parse((await result(page)) ?? "{}")).toEqual({
        theme: "dracula",
        fontFamily: "Roboto",
        fontSize: 14,
        lineHeight: 5,
      });

      await open(page, "openEditorConfigDialog");
      await page.getByRole("dialog", { name: "Editor Configuration" }).getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(await result(page)).toBe("undefined");
    });

    test("generic confirmation: sanitised message, No/Yes defaults, hideable cancel", async ({ page }) => {
      await open(page, "openConfirmDialog", {
        title: "Delete the hack?",
        message:
          '<p>This <b>cannot</b> be undone.</p><img src=x onerror="window.hacked=1"><script>window.hacked=1</script>',
      });
      let dialog = page.getByRole("dialog", { name: "Delete the hack?" });
      await expectWidth(dialog, width, 500);
      await expect(dialog.locator("[data-confirm-message] b")).toHaveText("cannot");
      await expect(dialog.locator("[data-confirm-message] img, [data-confirm-message] script")).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
      await dialog.getByRole("button", { name: "No" }).click();
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => result(page)).toBe("undefined");

      await open(page, "openConfirmDialog", { message: "Proceed?" });
      dialog = page.getByRole("dialog", { name: "Please confirm" });
      await dialog.getByRole("button", { name: "Yes" }).click();
      await expect.poll(() => result(page)).toBe("true");

      await open(page, "openConfirmDialog", { message: "Only one way out", hideCancel: true, confirmLabel: "Got it" });
      dialog = page.getByRole("dialog", { name: "Please confirm" });
      await expect(dialog.getByRole("button", { name: "No" })).toHaveCount(0);
      await dialog.getByRole("button", { name: "Got it" }).click();
      await expect.poll(() => result(page)).toBe("true");
    });

    test("avatar chooser: groups, disabled until picked, saves the avatar", async ({ page }) => {
      await open(page, "openAvatarChooser");
      const dialog = page.getByRole("dialog", { name: "Choose your avatar" });
      await expectWidth(dialog, width, 500);
      for (const group of ["Male", "Female", "Robot"]) {
        const radios = dialog.getByRole("radiogroup", { name: group, exact: true }).getByRole("radio");
        await expect(radios).toHaveCount(4);
      }
      const save = dialog.getByRole("button", { name: "Set as Avatar" });
      await expect(save).toBeDisabled();

      // A failing save keeps the dialog open with the spec's toast.
      await page.route("**/api/profile/avatar", (route) =>
        route.fulfill({ status: 503, json: { statusCode: 503, statusMessage: "Unavailable", message: "Try later" } }),
      );
      await dialog.getByRole("radio", { name: "Robot avatar 2" }).click();
      await expect(dialog.getByRole("radio", { name: "Robot avatar 2" })).toHaveAttribute("aria-checked", "true");
      await expect(save).toBeEnabled();
      await save.click();
      const failure = page.locator(".nl-toast-error");
      await expect(failure).toContainText("Error while updating avatar");
      await expect(failure).toContainText("Try later");
      await expect(dialog).toBeVisible();

      await page.unroute("**/api/profile/avatar");
      await save.click();
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => result(page)).toBe("true");
      await expect(page.locator("header img[src='/avatars/robot-2.svg']")).toBeVisible();
    });

    test("an opener whose dialog can not load shows its 'Failed to display' toast", async ({ page }) => {
      await page.route(/completion-dialogs-.*\.js$/, (route) => route.abort());
      await open(page, "openStreakDialog", { count: 3 });
      await expect(page.locator(".nl-toast-error")).toContainText("Failed to display streak modal");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });
}
