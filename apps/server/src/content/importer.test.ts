import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { users } from "../modules/identity/accounts/schema.ts";
import {
  chapterBadges,
  chapters,
  completedLessons,
  courseCategories,
  courses,
  lessons,
  quizPasses,
  quizzes,
  reflections,
} from "../modules/learning/schema.ts";
import { FIXTURE_DIR, importFixtures } from "../modules/learning/test-helpers.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { dbAccessWithoutApp } from "../transaction-without-app.ts";

const { database, drop } = await createTestDatabase();
const db: Db = database.db;
const access = dbAccessWithoutApp(database);
afterAll(drop);

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "neonlab-import-"));
  cpSync(FIXTURE_DIR, root, { recursive: true });
  return () => rmSync(root, { recursive: true, force: true });
});

async function snapshot() {
  return {
    categories: await db.select().from(courseCategories).orderBy(asc(courseCategories.id)),
    courses: await db.select().from(courses).orderBy(asc(courses.id)),
    chapters: await db.select().from(chapters).orderBy(asc(chapters.id)),
    badges: await db.select().from(chapterBadges).orderBy(asc(chapterBadges.id)),
    lessons: await db.select().from(lessons).orderBy(asc(lessons.id)),
    quizzes: await db.select().from(quizzes).orderBy(asc(quizzes.id)),
    reflections: await db.select().from(reflections).orderBy(asc(reflections.id)),
  };
}

const lessonBySlug = async (slug: string) => (await db.select().from(lessons).where(eq(lessons.slug, slug)))[0];
const PATHS = "courses/neon-basics/chapters/01-terminal/02-paths.md";
const MOVING = "courses/neon-basics/chapters/02-files/02-moving.md";
const WELCOME = "courses/neon-pro/chapters/01-preview/01-welcome.md";

describe("content importer", () => {
  it("imports the fixtures and is idempotent: the same files give the same database", async () => {
    const first = await importFixtures(access, root);
    expect(first).toMatchObject({ categories: 2, courses: 2, chapters: 4, lessons: 8, quizzes: 8, reflections: 4 });
    const before = await snapshot();
    expect(before.lessons).toHaveLength(8);
    expect(before.badges).toHaveLength(4);
    const again = await importFixtures(access, root);
    expect(again).toMatchObject({ hidden: 0, removed: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it("updates in place on edits, keeping ids (and so progress)", async () => {
    const paths = await lessonBySlug("paths");
    const file = join(root, PATHS);
    writeFileSync(file, readFileSync(file, "utf8").replace("title: Paths", "title: Paths, Revisited"));
    await importFixtures(access, root);
    const after = await lessonBySlug("paths");
    expect(after.id).toBe(paths.id);
    expect(after.title).toBe("Paths, Revisited");
    expect(await db.select().from(lessons)).toHaveLength(8);
  });

  it("deletes removed lessons without progress and hides those with progress, keeping the progress", async () => {
    await importFixtures(access, root);
    const [user] = await db
      .insert(users)
      .values({ id: "importer-user", name: "Learner", email: "importer@example.test" })
      .returning();
    const moving = await lessonBySlug("moving");
    const welcome = await lessonBySlug("welcome");
    await db.insert(completedLessons).values({ userId: user.id, lessonId: moving.id, xpAwarded: 20 });
    const [movingQuiz] = await db.select().from(quizzes).where(eq(quizzes.lessonId, moving.id));
    await db.insert(quizPasses).values({ userId: user.id, quizId: movingQuiz.id, responses: ["2"] });

    unlinkSync(join(root, MOVING));
    unlinkSync(join(root, WELCOME));
    const summary = await importFixtures(access, root);
    expect(summary).toMatchObject({ lessons: 6, hidden: 1, removed: 1 });
    expect((await lessonBySlug("moving")).hidden).toBe(true);
    expect(await lessonBySlug("welcome")).toBeUndefined();
    expect(await db.select().from(completedLessons).where(eq(completedLessons.lessonId, moving.id))).toHaveLength(1);
    expect(await db.select().from(quizPasses).where(eq(quizPasses.quizId, movingQuiz.id))).toHaveLength(1);

    // Restoring the files brings the same lesson back, visible, with its progress; the deleted one is new.
    cpSync(join(FIXTURE_DIR, MOVING), join(root, MOVING));
    cpSync(join(FIXTURE_DIR, WELCOME), join(root, WELCOME));
    await importFixtures(access, root);
    expect(await lessonBySlug("moving")).toMatchObject({ id: moving.id, hidden: false });
    expect((await lessonBySlug("welcome")).id).not.toBe(welcome.id);
  });

  it("hides a removed quiz that someone passed, deletes one nobody answered", async () => {
    await importFixtures(access, root);
    const paths = await lessonBySlug("paths");
    const [quiz] = await db.select().from(quizzes).where(eq(quizzes.lessonId, paths.id));
    await db.insert(users).values({ id: "quiz-user", name: "Quizzer", email: "quiz@example.test" });
    await db.insert(quizPasses).values({ userId: "quiz-user", quizId: quiz.id, responses: ["0", "2"] });
    const file = join(root, PATHS);
    writeFileSync(file, readFileSync(file, "utf8").replace("  - id: absolute\n", "  - id: absolute-paths\n"));
    await importFixtures(access, root);
    writeFileSync(file, readFileSync(file, "utf8").replace("  - id: absolute-paths\n", "  - id: absolute-v3\n"));
    const summary = await importFixtures(access, root);
    expect(summary).toMatchObject({ hidden: 0, removed: 1 });
    const rows = await db.select().from(quizzes).where(eq(quizzes.lessonId, paths.id));
    expect(rows.map((q) => [q.key, q.hidden]).sort()).toEqual([
      ["absolute", true],
      ["absolute-v3", false],
    ]);
  });

  it("removes a course that left the files and had no progress", async () => {
    await importFixtures(access, root);
    rmSync(join(root, "courses/neon-pro"), { recursive: true });
    const summary = await importFixtures(access, root);
    expect(summary.courses).toBe(1);
    expect(await db.select().from(courses).where(eq(courses.slug, "neon-pro"))).toEqual([]);
    expect(await db.select().from(courseCategories).where(eq(courseCategories.slug, "security"))).toHaveLength(1);
    expect(await db.select().from(chapterBadges)).toHaveLength(2);
  });
});
