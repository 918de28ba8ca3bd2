import { eq } from "drizzle-orm";
import { lessonCompleteResultSchema } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { burst, listen } from "../../test/burst.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { expectBooksBalance } from "../wallet/ledger/test-helpers.ts";
import { completedChapters, completedCourses, completedLessons } from "./schema.ts";
import { completeLessonApi, createLearningApp, lessonId, prepareLesson } from "./test-helpers.ts";

const N = 50;

/** Completion responses, all expected to be 200 with the result shape. */
async function completions(base: string, user: TestUser, paths: string[]) {
  const results = await burst(base, user, "POST", paths);
  expect(results.map((r) => r.status)).toEqual(Array(paths.length).fill(200));
  return results.map((r) => lessonCompleteResultSchema.parse(r.body));
}

/** Completion rows, and the books: each balance equals its ledger sum (checked). */
async function totals(db: Db, userId: string) {
  const count = async (table: typeof completedChapters | typeof completedCourses | typeof completedLessons) =>
    (await db.select().from(table).where(eq(table.userId, userId))).length;
  const books = await expectBooksBalance(db, userId);
  return {
    xp: books.xp,
    neonbits: books.neonbits,
    lessons: await count(completedLessons),
    chapters: await count(completedChapters),
    courses: await count(completedCourses),
  };
}

function raceSuite(kind: "pglite" | "postgres") {
  describe(`lesson completion exactly once under ${N} concurrent requests (${kind})`, async () => {
    const app: App = await createLearningApp({ kind });
    const base = await listen(app);
    const db = app.ctx.db;
    const ids = await Promise.all(
      ["first-command", "paths", "listing", "moving"].map((slug) => lessonId(db, "neon-basics", slug)),
    );

    it("grants XP, the badge, the course and NeonBits once for 50 identical completions", async () => {
      const user = await createUser(app);
      for (const id of ids.slice(0, 3)) {
        await prepareLesson(app, user, id);
        expect((await completeLessonApi(app, user, id)).statusCode).toBe(200);
      }
      await prepareLesson(app, user, ids[3]);
      const results = await completions(base, user, Array(N).fill(`/api/lessons/${ids[3]}/complete`));
      const winners = results.filter((r) => !r.alreadyCompleted);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({
        xpAwarded: 20,
        chapterCompleted: { name: "File Wrangler" },
        courseCompleted: true,
        neonbitsAwarded: 120,
      });
      expect(results.filter((r) => r.xpAwarded > 0)).toHaveLength(1);
      expect(await totals(db, user.id)).toEqual({ xp: 50, neonbits: 140, lessons: 4, chapters: 2, courses: 1 });
    });

    it("grants XP and moves the streak once for 50 identical completions of a chapter's first lesson", async () => {
      const user = await createUser(app);
      await prepareLesson(app, user, ids[0]);
      const results = await completions(base, user, Array(N).fill(`/api/lessons/${ids[0]}/complete`));
      expect(results.filter((r) => !r.alreadyCompleted)).toHaveLength(1);
      expect(results.filter((r) => r.xpAwarded > 0)).toHaveLength(1);
      expect(results.filter((r) => r.streak.extended)).toHaveLength(1);
      expect(results.every((r) => r.streak.count === 1)).toBe(true);
      expect(await totals(db, user.id)).toEqual({ xp: 10, neonbits: 0, lessons: 1, chapters: 0, courses: 0 });
    });

    it("completes each chapter once when its lessons finish concurrently", async () => {
      const user = await createUser(app);
      for (const id of ids) await prepareLesson(app, user, id);
      const paths = ids.flatMap((id) => Array(N / 5).fill(`/api/lessons/${id}/complete`));
      const results = await completions(base, user, paths);
      expect(results.filter((r) => !r.alreadyCompleted)).toHaveLength(4);
      expect(results.filter((r) => r.chapterCompleted)).toHaveLength(2);
      expect(results.filter((r) => r.courseCompleted)).toHaveLength(1);
      expect(results.filter((r) => r.streak.extended)).toHaveLength(1);
      expect(await totals(db, user.id)).toEqual({ xp: 50, neonbits: 140, lessons: 4, chapters: 2, courses: 1 });
    });
  });
}

raceSuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
