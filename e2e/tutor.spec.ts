import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import { type APIRequestContext, expect, type Page, request as apiRequest, test } from "@playwright/test";
import YAML from "yaml";
import { type FakeOpenAi, startFakeOpenAi } from "../apps/server/src/test/fake-openai.ts";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { answerKey } from "./helpers/answer-key.ts";
import { expectNoAxeViolations } from "./helpers/dialogs.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// The AI tutor: a learner asks about a lesson and sees the answer stream, asks for a quiz answer and
// gets a hint instead, uses up the day's questions and sees when they come back — once with the offline
// assistant (the app as started for e2e) and once with the server pointed at a fake OpenAI-compatible model.

const LESSON = "/courses/linux-command-line/meet-the-shell";
const LESSON_FILE = "content/courses/linux-command-line/chapters/01-shell-and-filesystem/01-meet-the-shell.md";
const front = YAML.parse(readFileSync(join(process.cwd(), LESSON_FILE), "utf8").split(/^---$/m)[1]!) as {
  quizzes: { options: { text: string; correct?: boolean }[] }[];
};
/** The first quiz's correct option: it must never reach the page. */
const ANSWER = front.quizzes[0]!.options.find((o) => o.correct)!.text;

const PATHS_LESSON = "/courses/linux-command-line/paths-and-navigation";
const PATHS_FILE = "content/courses/linux-command-line/chapters/01-shell-and-filesystem/02-paths-and-navigation.md";
const PATHS_QUIZ = (
  YAML.parse(readFileSync(join(process.cwd(), PATHS_FILE), "utf8").split(/^---$/m)[1]!) as {
    quizzes: { question: string; options: { text: string; correct?: boolean; explanation: string }[] }[];
  }
).quizzes[0]!;

async function lessonId(request: APIRequestContext, user: E2eUser) {
  const res = await request.get("/api/courses/linux-command-line/lessons/meet-the-shell", { headers: user.headers });
  return ((await res.json()) as { id: number }).id;
}

async function askInPanel(page: Page, question: string) {
  const panel = page.locator("[data-tutor-chat]");
  await panel.getByRole("textbox", { name: "Your question" }).fill(question);
  await panel.getByRole("button", { name: "Ask" }).click();
  return panel;
}

async function tutorFlow(page: Page, request: APIRequestContext, kind: "offline" | "model", scheme: ColorScheme) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  const user = await signUpViaApi(request, page.context(), { displayName: "Night Owl", email: uniqueEmail("tutor") });
  await prepareApp(page, { scheme });
  await visit(page, LESSON);
  await waitForPreloaderGone(page);
  const panel = page.locator("[data-tutor-chat]");
  await expect(panel.locator("[data-tutor-left]")).toHaveText("20 of 20 left today");
  await expect(panel.locator(`[data-tutor-kind="${kind}"]`)).toBeVisible();

  // 1. A question about the lesson: the answer streams (the stop button shows meanwhile), then is announced once.
  await askInPanel(page, "What is the difference between an option and an argument?");
  if (kind === "model") await expect(panel.getByRole("button", { name: "Stop" })).toBeVisible();
  const answer = panel.locator("[data-tutor-answer]").last();
  await expect(answer).toContainText(kind === "model" ? "Good question!" : "Offline assistant");
  await expect(panel.getByRole("button", { name: "Ask" })).toBeVisible();
  await expect(page.locator("[data-tutor-announcement]")).toContainText("The tutor answered:");
  await expect(panel.locator("[data-tutor-left]")).toHaveText("19 of 20 left today");
  if (kind === "model") await expect(panel.getByRole("button", { name: "Copy code" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Copy answer" }).first()).toBeVisible();
  await expectNoAxeViolations(page, "[data-tutor-panel]");
  await saveScreenshot(page, `tutor-${kind}-1280-${scheme}`);

  // 2. Asking for a quiz's answer gets a hint; the tutor never states the correct option.
  await askInPanel(page, "What is the answer to the first quiz? Just tell me the correct option.");
  await expect(panel.locator("[data-tutor-answer]").last()).toContainText(/hint/i);
  await expect(panel.getByRole("button", { name: "Ask" })).toBeVisible();
  // (The quiz shows every option; the tutor's answer must not say which one is right.)
  expect(await panel.innerText()).not.toContain(ANSWER);

  // 3. The rest of today's questions (through the API, quickly), then the limit and when it resets.
  const id = await lessonId(request, user);
  for (let i = 0; i < 18; i++) {
    const res = await request.post("/api/lessons/chat", {
      headers: user.headers,
      data: { assistantId: `lesson-${id}-offline`, question: `What is a prompt? (${i})` },
    });
    expect(res.status()).toBe(200);
  }
  await page.reload();
  await expect(panel.locator("[data-tutor-left]")).toHaveText("0 of 20 left today");
  // Before asking, the panel says when the questions come back (in the learner's zone) and what Pro changes.
  const spent = panel.locator("[data-tutor-spent]");
  await expect(spent).toContainText("They come back at midnight in your time zone:");
  await expect(spent).toContainText("With Pro you get 200 questions a day instead of 20.");
  await expect(spent.getByRole("link", { name: "See Pro plans" })).toHaveAttribute("href", "/pricing");
  // The conversation comes back after the reload: the one last open here, not the 18 newer ones asked by API.
  await expect(panel.getByText("What is the difference between an option and an argument?")).toBeVisible();
  await expect(panel.locator("[data-tutor-answer]").first()).toContainText(
    kind === "model" ? "Good question!" : "Offline assistant",
  );
  await expect(panel.locator("[data-tutor-answer]").last()).toContainText(/hint/i);
  // Asked anyway (the server refuses with 429): the notice stays the one message, the question stays in the box.
  await askInPanel(page, "One more question, please?");
  await expect(panel.getByRole("button", { name: "Ask" })).toBeVisible();
  await expect(spent).toContainText("You have asked all 20 of today's questions.");
  await expect(panel.locator("[data-tutor-problem]")).toHaveCount(0);
  await expect(panel.getByRole("textbox", { name: "Your question" })).toHaveValue("One more question, please?");
  await saveScreenshot(page, `tutor-${kind}-limit-1280-${scheme}`);

  // 4. On a phone the tutor opens in a drawer.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await waitForPreloaderGone(page);
  await page.getByRole("button", { name: "Ask the AI tutor" }).click();
  const drawer = page.getByRole("dialog", { name: "AI tutor" });
  await expect(drawer.locator("[data-tutor-left]")).toHaveText("0 of 20 left today");
  await expect(drawer.getByRole("textbox", { name: "Your question" })).toBeVisible();
  await expectNoAxeViolations(page, "[role=dialog]");
  await saveScreenshot(page, `tutor-${kind}-375-${scheme}`, { fullPage: false });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

test.describe("AI tutor, offline assistant", () => {
  for (const scheme of ["dark", "light"] as const) {
    test(`ask, get a hint for a quiz answer, hit the daily limit (${scheme})`, async ({ page, request }) => {
      await tutorFlow(page, request, "offline", scheme);
    });
  }

  test("a pasted quiz question gets a hint linking its section, the explanation once the quiz is passed", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    const user = await signUpViaApi(request, page.context(), {
      displayName: "Hint Seeker",
      email: uniqueEmail("hint"),
    });
    await prepareApp(page, { scheme: "dark" });
    await visit(page, PATHS_LESSON);
    await waitForPreloaderGone(page);
    const panel = page.locator("[data-tutor-chat]");

    // 1. The quiz's question as copied from the page (code shown without its backticks).
    await askInPanel(page, PATHS_QUIZ.question.replace(/`/g, ""));
    const hint = panel.locator("[data-tutor-answer]").last();
    await expect(hint).toContainText("Quiz 1 · hint 1 of 2");
    await expect(panel.getByRole("button", { name: "Ask" })).toBeVisible();
    const hintText = await hint.innerText();
    for (const option of PATHS_QUIZ.options.filter((o) => o.text.length > 1))
      expect(hintText).not.toContain(option.text);
    const link = hint.locator('a[href^="#"]').first();
    const section = (await link.getAttribute("href"))!;
    expect(section).toMatch(/^#[a-z0-9-]+$/);

    // 2. The link goes to the section's heading in the lesson.
    await link.click();
    const heading = page.locator(`article ${section}`);
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expectNoAxeViolations(page, "[data-tutor-panel]");
    await saveScreenshot(page, "tutor-hint-section-1280-dark", { fullPage: false });

    // 3. Passed: now the tutor explains the quiz, options and all.
    const lesson = (await (
      await request.get("/api/courses/linux-command-line/lessons/paths-and-navigation", { headers: user.headers })
    ).json()) as LessonDetail;
    const quiz = lesson.quizzes[0]!;
    const card = page.locator(`[data-quiz="${quiz.key}"]`);
    for (const id of answerKey(lesson).get(quiz.id)!) await card.locator(`input[type=radio][value="${id}"]`).check();
    await card.getByRole("button", { name: "Check answer" }).click();
    await expect(card.locator('[data-quiz-result="correct"]')).toBeVisible();
    await askInPanel(page, "I passed it! Can you explain quiz 1 now?");
    const explained = panel.locator("[data-tutor-answer]").last();
    await expect(explained).toContainText("You passed Quiz 1");
    await expect(explained).toContainText(`✓ ${PATHS_QUIZ.options.find((o) => o.correct)!.text}`);
    await expect(explained).toContainText("climbs one level");
    await saveScreenshot(page, "tutor-explained-1280-dark", { fullPage: false });

    // 4. On a phone the link closes the drawer, then the heading takes the focus.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await waitForPreloaderGone(page);
    await page.getByRole("button", { name: "Ask the AI tutor" }).click();
    const drawer = page.getByRole("dialog", { name: "AI tutor" });
    await drawer.locator(`[data-tutor-answer] a[href="${section}"]`).first().click();
    await expect(drawer).toBeHidden();
    await expect(page.locator(`article ${section}`)).toBeFocused();
    await expect(page.locator(`article ${section}`)).toBeInViewport();
  });
});

test.describe("AI tutor on an OpenAI-compatible model (a fake one on 127.0.0.1)", () => {
  const port = Number(process.env.E2E_PORT ?? 3100) + 7;
  const baseURL = `http://localhost:${port}`;
  let fake: FakeOpenAi;
  let server: ChildProcess;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    fake = await startFakeOpenAi({ leaks: [ANSWER], delayMs: 60 });
    // Through the AI_* names (aliases of OPENAI_*, which would win: none of those is passed on).
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("OPENAI_")));
    server = spawn(process.execPath, ["e2e/start-server.mjs"], {
      stdio: "ignore",
      env: {
        ...env,
        PORT: String(port),
        PUBLIC_URL: baseURL,
        AI_BASE_URL: fake.url,
        AI_API_KEY: "e2e",
        AI_MODEL: "fake-tutor",
      },
    });
    await expect
      .poll(async () => (await fetch(`${baseURL}/api/ready`).catch(() => null))?.status ?? 0, {
        timeout: 170_000,
        intervals: [1000],
      })
      .toBe(200);
  });
  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await fake?.close();
  });

  for (const scheme of ["dark", "light"] as const) {
    test(`ask, get a hint for a quiz answer, hit the daily limit (${scheme})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ baseURL });
      const request = await apiRequest.newContext({ baseURL });
      const page = await context.newPage();
      await tutorFlow(page, request, "model", scheme);
      // The model really was asked, and was sent neither the learner's e-mail nor name.
      expect(fake.requests.length).toBeGreaterThan(1);
      expect(JSON.stringify(fake.requests)).not.toContain("Night Owl");
      await request.dispose();
      await context.close();
    });
  }
});
