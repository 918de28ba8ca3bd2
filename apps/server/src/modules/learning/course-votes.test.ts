import { courseSchema } from "@neonlab/shared/schemas/learning";
import { starRatingSchema } from "@neonlab/shared/schemas/votes";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { burst, listen } from "../../test/burst.ts";
import { createUser, deleteOwnAccount, type TestUser } from "../../test/users.ts";
import { completeLessonApi, createLearningApp, lessonId, prepareLesson } from "./test-helpers.ts";

// Course stars (spec §7 POST courses/{id}/vote?stars=): one vote per learner, changeable, from learners
// who completed a lesson of the course; the average and count on every course answer.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

function votesSuite(kind: "pglite" | "postgres") {
  describe(`course stars (${kind})`, async () => {
    const app: App = await createLearningApp({ kind });
    const db = app.ctx.db;
    const first = await lessonId(db, "neon-basics", "first-command");
    const [course] = rowsOf<{ id: number }>(await db.execute(sql`select id from courses where slug = 'neon-basics'`));
    const courseId = course!.id;

    const vote = (user: TestUser | null, stars: string | number, key: string | number = courseId) =>
      app.inject({ method: "POST", url: `/api/courses/${key}/vote?stars=${stars}`, headers: user?.headers ?? {} });

    async function learner(): Promise<TestUser> {
      const user = await createUser(app);
      await prepareLesson(app, user, first);
      expect((await completeLessonApi(app, user, first)).statusCode).toBe(200);
      return user;
    }

    const ratingOf = async (user: TestUser | null) => {
      const res = await app.inject({ method: "GET", url: "/api/courses", headers: user?.headers ?? {} });
      const list = courseSchema.array().parse(res.json());
      return list.find((c) => c.id === courseId)!.rating;
    };

    it("asks for a sign-in, a completed lesson, a known course and 1–5 whole stars, changing nothing otherwise", async () => {
      expect((await vote(null, 4)).statusCode).toBe(401);
      const newcomer = await createUser(app);
      const early = await vote(newcomer, 4);
      expect(early.statusCode).toBe(403);
      expect(early.json().message).toBe("Complete a lesson of this course before rating it.");
      const user = await learner();
      for (const [stars, message] of [
        [0, "Give at least 1 star."],
        [6, "Give at most 5 stars."],
        [2.5, "Give a whole number of stars, from 1 to 5."],
        ["many", "Give the stars as a number from 1 to 5."],
      ] as const) {
        const res = await vote(user, stars);
        expect(res.statusCode, String(stars)).toBe(400);
        expect(res.json().message).toContain(message);
      }
      expect((await vote(user, 3, 999_999)).statusCode).toBe(404);
      expect((await vote(user, 3, "no-such-course")).statusCode).toBe(404);
      expect(await ratingOf(user)).toEqual({ average: null, count: 0, mine: null });
    });

    it("keeps one changeable vote per learner; the course shows the average, the count and the caller's own", async () => {
      const a = await learner();
      const b = await learner();
      expect(starRatingSchema.parse((await vote(a, 5)).json())).toEqual({ average: 5, count: 1, mine: 5 });
      expect((await vote(b, 2)).json()).toEqual({ average: 3.5, count: 2, mine: 2 });
      expect((await vote(a, 3)).json()).toEqual({ average: 2.5, count: 2, mine: 3 });
      expect((await vote(a, 3, "neon-basics")).json()).toEqual({ average: 2.5, count: 2, mine: 3 });
      expect(await ratingOf(null)).toEqual({ average: 2.5, count: 2, mine: null });
      expect(await ratingOf(b)).toEqual({ average: 2.5, count: 2, mine: 2 });
      const detail = await app.inject({ method: "GET", url: "/api/courses/neon-basics", headers: a.headers });
      expect(detail.json().rating).toEqual({ average: 2.5, count: 2, mine: 3 });

      // Deleting an account takes its vote out of the totals.
      expect((await deleteOwnAccount(app, b)).statusCode).toBe(200);
      expect(await ratingOf(a)).toEqual({ average: 3, count: 1, mine: 3 });
    });

    it("counts 40 learners voting at once exactly", async () => {
      const before = await ratingOf(null);
      const learners = await Promise.all(Array.from({ length: 40 }, () => learner()));
      const base = await listen(app);
      const answers = await Promise.all(
        learners.map((user, i) => burst(base, user, "POST", [`/api/courses/${courseId}/vote?stars=${(i % 5) + 1}`])),
      );
      expect(answers.flat().map((r) => r.status)).toEqual(Array(40).fill(200));
      const after = await ratingOf(null);
      expect(after.count).toBe(before.count + 40);
      const [totals] = rowsOf<{ votes: number; total: number; n: number; s: number }>(
        await db.execute(sql`select t.votes, t.total, (select count(*)::int from votes v where v.item_kind = 'course' and v.item_id = ${courseId}) as n,
          (select sum(value)::int from votes v where v.item_kind = 'course' and v.item_id = ${courseId}) as s
          from vote_totals t where t.item_kind = 'course' and t.item_id = ${courseId}`),
      );
      expect({ votes: totals!.votes, total: totals!.total }).toEqual({ votes: totals!.n, total: totals!.s });
    });
  });
}

votesSuite("pglite");
if (process.env.TEST_DATABASE_URL) votesSuite("postgres");
