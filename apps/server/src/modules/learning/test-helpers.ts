import { resolve } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { App } from "../../app.ts";
import { importContent } from "../../content/importer.ts";
import { loadContent } from "../../content/loader.ts";
import { formatProblem } from "../../content/model.ts";
import type { Db } from "../../db/client.ts";
import { createTestApp } from "../../test/test-app.ts";
import type { TestUser } from "../../test/users.ts";
import type { DbAccess } from "../../transaction.ts";
import { profiles } from "../identity/profiles/schema.ts";
import { storedOptionId } from "./option-ids.ts";
import { courses, lessons, quizzes, reflections } from "./schema.ts";

/** The small fixture curriculum: neon-basics (public) and neon-pro (premium), 2 chapters × 2 lessons each. */
export const FIXTURE_DIR = resolve(import.meta.dirname, "../../content/fixtures/content");
/** Fixture lessons are short on purpose; the word minimum is lowered for them. */
export const FIXTURE_OPTIONS = { minWords: 20 };

export function loadFixtures(dir = FIXTURE_DIR) {
  const { model, problems } = loadContent(dir, FIXTURE_OPTIONS);
  expect(problems.map(formatProblem)).toEqual([]);
  return model;
}

export async function importFixtures(access: DbAccess, dir = FIXTURE_DIR) {
  return importContent(access, loadFixtures(dir));
}

/** The real app serving the fixture content, imported. */
export async function createLearningApp(options: { kind?: "pglite" | "postgres" } = {}): Promise<App> {
  const app = await createTestApp({ env: { CONTENT_DIR: FIXTURE_DIR }, kind: options.kind });
  await importFixtures(app.ctx);
  return app;
}

export async function lessonId(db: Db, courseSlug: string, lessonSlug: string): Promise<number> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(courses.slug, courseSlug), eq(lessons.slug, lessonSlug)));
  if (!row) throw new Error(`no lesson ${courseSlug}/${lessonSlug}`);
  return row.id;
}

/** The correct option ids of each quiz of a lesson (read from the database, as a cheating client can't). */
export async function answersOf(db: Db, id: number) {
  const rows = await db.select().from(quizzes).where(eq(quizzes.lessonId, id)).orderBy(asc(quizzes.position));
  return rows.map((q) => ({
    quizId: q.id,
    type: q.type,
    correct: q.options.flatMap((o) => (o.correct ? [storedOptionId(q.key, o)] : [])),
    wrong: q.options.flatMap((o) => (o.correct ? [] : [storedOptionId(q.key, o)])),
  }));
}

/** Passes every quiz and answers every reflection of a lesson through the API. */
export async function prepareLesson(app: App, user: TestUser, id: number) {
  for (const quiz of await answersOf(app.ctx.db, id)) {
    const res = await app.inject({
      method: "POST",
      url: `/api/lessons/${id}/quizes/${quiz.quizId}/complete`,
      headers: user.headers,
      payload: { responses: quiz.correct },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().correct).toBe(true);
  }
  const refl = await app.ctx.db.select().from(reflections).where(eq(reflections.lessonId, id));
  for (const r of refl) {
    const res = await app.inject({
      method: "POST",
      url: `/api/lessons/${id}/reflections/${r.id}/complete`,
      headers: user.headers,
      payload: { userResponse: "Because paths tell the shell exactly where to look." },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

export async function completeLessonApi(app: App, user: TestUser, id: number) {
  return app.inject({ method: "POST", url: `/api/lessons/${id}/complete`, headers: user.headers });
}

export async function grantAccess(db: Db, userId: string) {
  await db.update(profiles).set({ accessGranted: true }).where(eq(profiles.id, userId));
}
