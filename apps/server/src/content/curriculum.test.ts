import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chapterBadges, chapters, courses, lessons, quizzes, reflections } from "../modules/learning/schema.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { dbAccessWithoutApp } from "../transaction-without-app.ts";
import { importContent } from "./importer.ts";
import { loadContent } from "./loader.ts";
import { formatProblem, modelCounts } from "./model.ts";

// The bundled curriculum in content/ (written by course authors), checked with the strict rules.
const CONTENT_DIR = resolve(import.meta.dirname, "../../../../content");
const coursesDir = join(CONTENT_DIR, "courses");
const hasCourses = existsSync(coursesDir) && readdirSync(coursesDir).some((name) => !name.startsWith("."));

describe.runIf(hasCourses)("bundled curriculum (content/)", () => {
  const { model, problems } = loadContent(CONTENT_DIR);

  it("passes `npm run content -- check`", () => {
    console.log("content/:", modelCounts(model));
    expect(problems.map(formatProblem)).toEqual([]);
  });

  let fresh: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(() => fresh?.drop());

  it("imports into a fresh database with matching counts", async () => {
    expect(problems).toEqual([]);
    const access = dbAccessWithoutApp(fresh.database);
    const db = access.db;
    await importContent(access, model);
    const rows = async (
      table: typeof courses | typeof chapters | typeof lessons | typeof quizzes | typeof reflections,
    ) => (await db.select({ n: count() }).from(table))[0].n;
    const expected = modelCounts(model);
    expect({
      courses: await rows(courses),
      chapters: await rows(chapters),
      lessons: await rows(lessons),
      quizzes: await rows(quizzes),
      reflections: await rows(reflections),
    }).toEqual({
      courses: expected.courses,
      chapters: expected.chapters,
      lessons: expected.lessons,
      quizzes: expected.quizzes,
      reflections: expected.reflections,
    });
    expect((await db.select({ n: count() }).from(chapterBadges))[0].n).toBe(expected.chapters);
    const again = await importContent(access, model);
    expect(again).toMatchObject({ hidden: 0, removed: 0 });
  });
});
