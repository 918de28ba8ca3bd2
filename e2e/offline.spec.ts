import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Course, CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import type { ReviewDue } from "@neonlab/shared/schemas/review";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type ColorScheme, prepareApp, visit, waitForPreloaderGone } from "./helpers/app.ts";
import { answerKey } from "./helpers/answer-key.ts";
import { saveScreenshot } from "./helpers/screenshots.ts";
import { type E2eUser, signUpViaApi, uniqueEmail } from "./helpers/session.ts";

// Offline lessons: the installable app (manifest, service worker), a lesson opened online that reads,
// is answered and completed offline, and whose answers and completion sync once, XP given once.

test.use({ serviceWorkers: "allow" });

async function getJson<T>(request: APIRequestContext, path: string, headers?: E2eUser["headers"]): Promise<T> {
  const response = await request.get(path, { headers });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The first lesson of a free course with a quiz and a lesson after it. */
async function lessonWithQuiz(request: APIRequestContext, headers: E2eUser["headers"]) {
  const courses = await getJson<Course[]>(request, "/api/courses", headers);
  for (const course of courses.filter((c) => !c.premium)) {
    const detail = await getJson<CourseDetail>(request, `/api/courses/${course.slug}`, headers);
    const lessons = detail.chapters.flatMap((chapter) => chapter.lessons);
    for (const [index, summary] of lessons.entries()) {
      if (index === lessons.length - 1) break;
      const path = `/api/courses/${course.slug}/lessons/${summary.slug}`;
      const lesson = await getJson<LessonDetail>(request, path, headers);
      if (lesson.quizzes.length > 0) return { course: detail, lesson, path, next: lessons[index + 1]! };
    }
  }
  throw new Error("no free lesson with a quiz");
}

/** What the service worker's cache keeps for `path` (JSON), or null. */
const keptJson = (page: Page, cacheName: string, path: string) =>
  page.evaluate(
    async ({ cacheName, path }) => {
      const response = await (await caches.open(cacheName)).match(path);
      return response ? ((await response.json()) as unknown) : null;
    },
    { cacheName, path },
  );

/** Waits until the service worker's cache holds `path`. */
const cached = (page: Page, cacheName: string, path: string) =>
  expect.poll(() => keptJson(page, cacheName, path), { timeout: 30_000 }).not.toBeNull();

/** What idb-keyval's default store holds under `key` on the page's origin. */
const keptValue = (page: Page, key: string) =>
  page.evaluate(
    (key) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("keyval").objectStore("keyval").get(key);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => resolve(read.result);
        };
      }),
    key,
  );

/** Answers every quiz (right) and reflection of the open lesson and completes it, all kept on the device. */
async function answerOffline(page: Page, lesson: LessonDetail, key: ReturnType<typeof answerKey>) {
  const complete = page.getByRole("button", { name: "Complete lesson" });
  await expect(complete).toBeDisabled();
  for (const quiz of lesson.quizzes) {
    const card = page.locator(`[data-quiz="${quiz.key}"]`);
    for (const id of key.get(quiz.id) ?? []) {
      await card.locator(`input[type=${quiz.type === "single" ? "radio" : "checkbox"}][value="${id}"]`).check();
    }
    await card.getByRole("button", { name: "Check answer" }).click();
    await expect(card.locator("[data-quiz-queued]")).toBeVisible();
  }
  for (const reflection of lesson.reflections) {
    const card = page.locator(`[data-reflection="${reflection.key}"]`);
    await card.getByRole("textbox").fill("It keeps pages usable for everyone, including screen-reader users.");
    await card.getByRole("button", { name: "Save answer" }).click();
    await expect(card.getByText("Your answer is saved.")).toBeVisible();
  }
  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(page.locator("[data-completion-queued]")).toBeVisible();
}

test("a lesson opened online works offline: read, answered, completed, synced once", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const user = await signUpViaApi(request, context, { displayName: "Offline Learner", email: uniqueEmail("offline") });
  const { course, lesson, path, next } = await lessonWithQuiz(request, user.headers);
  const key = answerKey(lesson);
  const page_ = `/courses/${course.slug}/${lesson.slug}`;

  // The app is installable: its manifest names the icons and opens standalone.
  const manifest = await getJson<Record<string, unknown>>(request, "/manifest.webmanifest");
  expect(manifest).toMatchObject({ name: "NeonLab", start_url: "/", display: "standalone", theme_color: "#05070a" });
  const icons = manifest.icons as Array<{ src: string; sizes: string; type: string }>;
  for (const size of ["192x192", "512x512"]) {
    const icon = icons.find((i) => i.sizes === size && i.type === "image/png");
    expect(icon, size).toBeTruthy();
    expect((await request.get(icon!.src)).ok()).toBe(true);
  }
  const worker = await request.get("/sw.js");
  expect(worker.ok()).toBe(true);
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  await prepareApp(page, { scheme: "dark" });
  await visit(page, page_);
  await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
  // The worker takes the page over and keeps the lesson, its course, the profile and the next lesson.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await cached(page, "neonlab-lessons", path);
  await cached(page, "neonlab-lessons", `/api/courses/${course.slug}/lessons/${next.slug}`);
  await cached(page, "neonlab-data", "/api/profile");
  // No correct answer or explanation is kept on the device.
  const kept = (await keptJson(page, "neonlab-lessons", path)) as LessonDetail;
  expect(kept.quizzes.every((quiz) => quiz.review === null)).toBe(true);
  expect(JSON.stringify(kept)).not.toMatch(/"explanation"|"correct"/);

  // Offline: the page loads from the worker and says it is offline.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible({ timeout: 20_000 });
  const banner = page.locator('[data-offline-banner="offline"]');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("You're offline.");
  await waitForPreloaderGone(page);

  await answerOffline(page, lesson, key);
  await expect(banner).toContainText("1 lesson will sync when you're back online.");

  // The offline notice at phone and desktop widths, in both colour modes.
  for (const scheme of ["dark", "light"] as ColorScheme[]) {
    await page.evaluate((scheme) => {
      document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
      document.documentElement.style.colorScheme = scheme;
    }, scheme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
      await expect(banner).toBeVisible();
      await saveScreenshot(page, `offline-notice-${width}-${scheme}`, { fullPage: false });
    }
  }

  // Still nothing on the server.
  const before = await getJson<OwnProfile>(request, "/api/profile", user.headers);
  expect(before.xp).toBe(0);
  // The queued writes as they wait on the device (idb-keyval's default store), each with its Idempotency-Key.
  const queued = ((await keptValue(page, "neonlab-offline-queue")) ?? []) as Array<{
    id: string;
    kind: string;
    path: string;
    body: unknown;
  }>;
  expect(queued.map((a) => a.kind)).toEqual([
    ...lesson.quizzes.map(() => "quiz"),
    ...lesson.reflections.map(() => "reflection"),
    "complete",
  ]);

  // Back online: the answers and the completion are sent, in order, once.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(page.locator('[data-offline-banner="synced"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`“${lesson.title}” is completed: +${lesson.xp} XP.`)).toBeVisible();
  const after = await getJson<OwnProfile>(request, "/api/profile", user.headers);
  expect(after.xp).toBe(lesson.xp);
  const done = await getJson<LessonDetail>(request, path, user.headers);
  expect(done.completed).toBe(true);
  expect(after.streak).toBe(1);

  // The same writes sent again with their keys (a sync whose answers were lost): the server answers each from
  // its record of the first send, and nothing changes.
  for (const action of queued) {
    const response = await request.post(`/api/${action.path}`, {
      headers: { ...user.headers, "content-type": "application/json", "Idempotency-Key": action.id },
      data: action.body ?? {},
    });
    expect(response.status(), `${action.path}: ${await response.text()}`).toBe(200);
    expect(response.headers()["idempotent-replayed"]).toBe("true");
    if (action.kind === "complete") {
      expect(await response.json()).toMatchObject({ alreadyCompleted: false, xpAwarded: lesson.xp });
    }
  }
  const replayed = await getJson<OwnProfile>(request, "/api/profile", user.headers);
  expect({ xp: replayed.xp, streak: replayed.streak, neonbits: replayed.neonbits }).toEqual({
    xp: after.xp,
    streak: after.streak,
    neonbits: after.neonbits,
  });

  // Another load changes nothing: the queue is empty, XP stays.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
  await expect(page.locator("[data-lesson-completed]")).toBeVisible();
  await expect(page.locator("[data-offline-banner]")).toHaveCount(0);
  expect((await getJson<OwnProfile>(request, "/api/profile", user.headers)).xp).toBe(lesson.xp);
});

test("a review answered offline is kept, graded on sync once, and its result shown", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signUpViaApi(request, context, { displayName: "Offline Reviewer", email: uniqueEmail("offline") });
  const { lesson } = await lessonWithQuiz(request, user.headers);
  const key = answerKey(lesson);
  const quiz = lesson.quizzes[0]!;
  const right = key.get(quiz.id)!;
  // Missed in its lesson: a card due at once.
  const wrong = quiz.options.find((o) => !right.includes(o.id))!;
  const missed = await request.post(`/api/lessons/${lesson.id}/quizes/${quiz.id}/complete`, {
    headers: user.headers,
    data: { responses: [wrong.id] },
  });
  expect(missed.ok()).toBe(true);
  const due = await getJson<ReviewDue>(request, "/api/review", user.headers);
  expect(due.due_count).toBe(1);

  await prepareApp(page);
  await visit(page, "/review");
  await expect(page.locator(`[data-review-card="${due.cards[0]!.id}"]`)).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  // The due cards are kept (once the worker controls the page), without answers.
  await page.reload();
  await cached(page, "neonlab-data", "/api/review");
  expect(JSON.stringify(await keptJson(page, "neonlab-data", "/api/review"))).not.toMatch(/"correct"|"explanation"/);

  await context.setOffline(true);
  await page.reload();
  const card = page.locator(`[data-review-card="${due.cards[0]!.id}"]`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await waitForPreloaderGone(page);
  for (const id of right) {
    await card.locator(`input[type=${quiz.type === "single" ? "radio" : "checkbox"}][value="${id}"]`).check();
  }
  await card.getByRole("button", { name: "Check answer" }).click();
  await expect(page.locator("[data-review-queued]")).toContainText(
    "Your answer is saved on this device. It will be graded when you're back online.",
  );
  await expect(page.getByRole("heading", { name: "Nothing to review" })).toBeVisible();
  await expect(page.locator('[data-offline-banner="offline"]')).toContainText("1 review answer will sync");
  expect((await getJson<OwnProfile>(request, "/api/profile", user.headers)).xp).toBe(0);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(page.getByText(`Your review answer from “${lesson.title}” was right: +5 XP.`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('[data-offline-banner="synced"]')).toBeVisible();
  const after = await getJson<OwnProfile>(request, "/api/profile", user.headers);
  expect({ xp: after.xp, streak: after.streak }).toEqual({ xp: 5, streak: 1 });
  expect((await getJson<ReviewDue>(request, "/api/review", user.headers)).due_count).toBe(0);
});

test("with the app closed, the worker's Background Sync sends the queue and the next page announces it", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const user = await signUpViaApi(request, context, {
    displayName: "Closed App Learner",
    email: uniqueEmail("offline"),
  });
  const { course, lesson, path } = await lessonWithQuiz(request, user.headers);
  const key = answerKey(lesson);
  const origin = new URL(baseURL!).origin;
  // DevTools fires the worker's sync as the browser would once the network is back, from a page of another
  // origin (not one of the app's windows, which would be asked to send the queue itself).
  const devtools = await context.newPage();
  const cdp = await context.newCDPSession(devtools);
  let registrationId: string | null = null;
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    for (const r of registrations) if (!r.isDeleted && r.scopeURL === `${origin}/`) registrationId = r.registrationId;
  });
  await cdp.send("ServiceWorker.enable");

  await prepareApp(page);
  await visit(page, `/courses/${course.slug}/${lesson.slug}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await cached(page, "neonlab-lessons", path);
  await cached(page, "neonlab-data", "/api/profile");

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible({ timeout: 20_000 });
  await waitForPreloaderGone(page);
  await answerOffline(page, lesson, key);
  // Queuing registered the sync and left the worker the learner's token beside the queue.
  await expect
    .poll(() => keptValue(page, "neonlab-sync-credentials"))
    .toEqual({ userId: expect.any(String), token: user.token });

  // The app closed, then the network back: the worker sends the queue itself.
  await page.close();
  await context.setOffline(false);
  await expect.poll(() => registrationId, { timeout: 10_000 }).not.toBeNull();
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin,
    registrationId: registrationId!,
    tag: "neonlab-offline-queue",
    lastChance: false,
  });
  await expect
    .poll(async () => (await getJson<OwnProfile>(request, "/api/profile", user.headers)).xp, { timeout: 30_000 })
    .toBe(lesson.xp);
  expect((await getJson<LessonDetail>(request, path, user.headers)).completed).toBe(true);

  // The next page announces what was sent while the app was closed, once.
  const next = await context.newPage();
  await prepareApp(next);
  await visit(next, `/courses/${course.slug}/${lesson.slug}`);
  await expect(next.getByText(`“${lesson.title}” is completed: +${lesson.xp} XP.`)).toBeVisible({ timeout: 20_000 });
  await expect(next.locator('[data-offline-banner="synced"]')).toBeVisible();
  await expect.poll(() => keptValue(next, "neonlab-sync-outcomes")).toEqual([]);
  expect(await keptValue(next, "neonlab-offline-queue")).toEqual([]);
});

test("Chromium finds the app installable", async ({ playwright, baseURL }, testInfo) => {
  // A profile on disk: Playwright's usual contexts are incognito, where Chromium offers no install.
  const dir = mkdtempSync(join(tmpdir(), "neonlab-install-"));
  const context = await playwright.chromium.launchPersistentContext(dir, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await prepareApp(page);
    await visit(page, "/");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a course saved for offline shows its size, is listed in Settings and can be removed", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signUpViaApi(request, context, { displayName: "Saving Learner", email: uniqueEmail("offline") });
  const { course } = await lessonWithQuiz(request, user.headers);
  await prepareApp(page);
  await visit(page, `/courses/${course.slug}`);
  const save = page.locator("[data-save-offline]");
  await expect(save).toHaveAttribute("data-save-offline", "idle", { timeout: 30_000 });
  await expect(save).toContainText(/lessons, about [\d.]+ (kB|MB)/);
  await save.getByRole("button", { name: "Save course for offline" }).click();
  await expect(save).toHaveAttribute("data-save-offline", "saved", { timeout: 60_000 });
  await expect(save).toContainText(/Saved for offline · \d+ lessons · [\d.]+ (kB|MB)/);

  await visit(page, "/settings?tab=account");
  const row = page.locator(`[data-saved-course="${course.slug}"]`);
  await expect(row).toContainText(course.title);
  await expect(row).toContainText(/[\d.]+ (kB|MB)/);
  await row.getByRole("button", { name: `Remove ${course.title} from this device` }).click();
  await expect(page.locator('[data-saved-courses="none"]')).toBeVisible();
  const left = await page.evaluate(async (slug) => {
    const keys = await (await caches.open("neonlab-lessons")).keys();
    return keys.filter((request) => new URL(request.url).pathname.startsWith(`/api/courses/${slug}/lessons/`)).length;
  }, course.slug);
  expect(left).toBe(0);
});
