import { type LessonDetail, lessonDetailSchema } from "@neonlab/shared/schemas/learning";
import { test } from "@playwright/test";
import { type ColorScheme, prepareApp } from "./app.ts";
import { type E2eUser, signInContext, signUpViaApi } from "./session.ts";

/**
 * Inside a describe block: one user signed up for the block, signed in before each test at `width` px
 * (when given), in `scheme` (or the system's), with reduced motion. Returns the user (after beforeAll ran).
 */
export function signedInUser({
  displayName,
  width,
  scheme,
}: {
  displayName: string;
  width?: number;
  scheme?: ColorScheme;
}): () => E2eUser {
  let user: E2eUser | undefined;
  test.beforeAll(async ({ request }) => {
    user = await signUpViaApi(request, undefined, { displayName });
  });
  test.beforeEach(async ({ page, context }) => {
    if (width) await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    if (user) await signInContext(context, user.token);
    await prepareApp(page, { scheme });
  });
  return () => {
    if (!user) throw new Error("signedInUser: the user is made in beforeAll");
    return user;
  };
}

/**
 * A lesson answered by the test's mocked API (checked against the API's schema): no quizzes, no
 * reflections, nothing before or after it, one chapter with a badge. `id` numbers its course (id·10+1),
 * chapter (+2) and badge (+3).
 */
export function lessonFixture({
  id,
  slug,
  courseSlug,
  title,
  body,
  badge,
}: {
  id: number;
  slug: string;
  courseSlug: string;
  title: string;
  body: string;
  badge?: { name: string; image: string };
}): LessonDetail {
  const base = id * 10;
  return lessonDetailSchema.parse({
    id,
    course_id: base + 1,
    chapter_id: base + 2,
    lesson_order: 1,
    slug,
    title,
    goal: "Finish the lesson.",
    xp: 10,
    word_count: body.split(/\s+/).length,
    body,
    course: { id: base + 1, slug: courseSlug, title: `${title} Course`, premium: false },
    chapter: {
      id: base + 2,
      slug: `${slug}-chapter`,
      title: `${title} Chapter`,
      chapter_order: 1,
      badge: { id: base + 3, name: `${title} Badge`, image: "/avatars/robot-1.svg", ...badge },
    },
    quizzes: [],
    reflections: [],
    previous: null,
    next: null,
    completed: false,
    passed_quiz_ids: [],
    answered_reflection_ids: [],
  });
}
