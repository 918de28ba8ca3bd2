import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { lessonCompleteResultSchema } from "@neonlab/shared/schemas/learning";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import type { ReviewDue } from "@neonlab/shared/schemas/review";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { listen } from "../../test/burst.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { ledger } from "../wallet/ledger/schema.ts";
import { expectBooksBalance } from "../wallet/ledger/test-helpers.ts";
import { completedChapters, completedCourses, completedLessons, reflections } from "./schema.ts";
import { answersOf, createLearningApp, lessonId } from "./test-helpers.ts";

// A device's offline queue sent twice at once (two tabs, or a send whose answers were lost and a retry),
// then once more later: each write is made once, and every send gets the same answers.

/** One queued write as the web app keeps it: its path, body and own Idempotency-Key. */
type Queued = { path: string; body: unknown; key: string };

type Answer = { status: number; body: unknown };

/**
 * Sends the queue in order as the web app's sync does (one request at a time, the JSON body, the user's
 * bearer token, the write's Idempotency-Key). "The same key is still running" (409 with Retry-After) is
 * tried again, as the web app's next sync run does; anything else is that write's answer.
 */
async function replay(base: string, user: TestUser, queue: Queued[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const write of queue) {
    for (;;) {
      const response = await fetch(`${base}/api/${write.path}`, {
        method: "POST",
        headers: {
          ...user.headers,
          accept: "application/json",
          "content-type": "application/json",
          "idempotency-key": write.key,
        },
        body: JSON.stringify(write.body ?? {}),
      });
      const body: unknown = await response.json();
      if (response.status === 409 && response.headers.has("retry-after")) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      answers.push({ status: response.status, body });
      break;
    }
  }
  return answers;
}

async function profileOf(app: App, user: TestUser): Promise<OwnProfile> {
  const res = await app.inject({ method: "GET", url: "/api/profile", headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OwnProfile;
}

/** The books (each balance equal to its ledger sum, checked), completion rows, the streak and review XP rows. */
async function totals(app: App, user: TestUser) {
  const db: Db = app.ctx.db;
  const count = async (table: typeof completedChapters | typeof completedCourses | typeof completedLessons) =>
    (await db.select().from(table).where(eq(table.userId, user.id))).length;
  const books = await expectBooksBalance(db, user.id);
  const reviewDays = await db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, user.id), eq(ledger.kind, "xp"), eq(ledger.reason, "review_day")));
  return {
    xp: books.xp,
    neonbits: books.neonbits,
    streak: (await profileOf(app, user)).streak,
    lessons: await count(completedLessons),
    chapters: await count(completedChapters),
    courses: await count(completedCourses),
    reviewDays: reviewDays.length,
  };
}

function replaySuite(kind: "pglite" | "postgres") {
  describe(`an offline queue replayed twice at once (${kind})`, async () => {
    const app: App = await createLearningApp({ kind });
    const base = await listen(app);
    const db = app.ctx.db;
    const ids = await Promise.all(
      ["first-command", "paths", "listing", "moving"].map((slug) => lessonId(db, "neon-basics", slug)),
    );

    it("answers, reflection and completion: XP, streak, badge and NeonBits once; the same answers everywhere", async () => {
      const user = await createUser(app);
      // The first chapter's two lessons, done offline: each quiz, each reflection, then "Complete lesson".
      const queue: Queued[] = [];
      for (const id of ids.slice(0, 2)) {
        for (const quiz of await answersOf(db, id)) {
          queue.push({
            path: `lessons/${id}/quizes/${quiz.quizId}/complete`,
            body: { responses: quiz.correct },
            key: randomUUID(),
          });
        }
        for (const r of await db.select().from(reflections).where(eq(reflections.lessonId, id))) {
          queue.push({
            path: `lessons/${id}/reflections/${r.id}/complete`,
            body: { userResponse: "Because paths tell the shell exactly where to look." },
            key: randomUUID(),
          });
        }
        queue.push({
          path: `lessons/${id}/complete`,
          body: { completedAt: new Date(Date.now() - 60_000).toISOString() },
          key: randomUUID(),
        });
      }
      expect(queue.filter((w) => w.path.includes("/reflections/")).length).toBeGreaterThan(0);
      expect(queue.filter((w) => w.path.includes("/quizes/")).length).toBeGreaterThan(1);
      const before = await totals(app, user);

      const [one, two] = await Promise.all([replay(base, user, queue), replay(base, user, queue)]);
      expect(one.map((a) => a.status)).toEqual(Array(queue.length).fill(200));
      expect(two).toEqual(one);
      const completions = one
        .filter((_, i) => /^lessons\/\d+\/complete$/.test(queue[i]!.path))
        .map((a) => lessonCompleteResultSchema.parse(a.body));
      expect(completions).toHaveLength(2);
      expect(completions.every((c) => !c.alreadyCompleted && c.xpAwarded > 0)).toBe(true);
      expect(completions[1]!.chapterCompleted).toBeTruthy();
      expect(completions.map((c) => c.streak.count)).toEqual([1, 1]);
      const xp = completions.reduce((sum, c) => sum + c.xpAwarded, 0);
      const neonbits = completions.reduce((sum, c) => sum + c.neonbitsAwarded, 0);
      expect(neonbits).toBeGreaterThan(0);
      const after = await totals(app, user);
      expect(after).toEqual({
        ...before,
        xp: before.xp + xp,
        neonbits: before.neonbits + neonbits,
        streak: 1,
        lessons: 2,
        chapters: 1,
      });

      // Sent again later (the keys are kept 48 hours): the first answers, nothing written.
      expect(await replay(base, user, queue)).toEqual(one);
      expect(await totals(app, user)).toEqual(after);
    });

    it("review answers: graded and scheduled once, the day's review XP once", async () => {
      const user = await createUser(app);
      // Two quizzes missed in their lessons: two cards due now.
      for (const id of ids.slice(0, 2)) {
        const [quiz] = await answersOf(db, id);
        const res = await app.inject({
          method: "POST",
          url: `/api/lessons/${id}/quizes/${quiz!.quizId}/complete`,
          headers: user.headers,
          payload: { responses: quiz!.wrong.slice(0, 1) },
        });
        expect(res.json()).toMatchObject({ correct: false });
      }
      const due = (await app.inject({ method: "GET", url: "/api/review", headers: user.headers })).json() as ReviewDue;
      expect(due.due_count).toBe(2);
      const correctOf = async (quizId: number) => {
        for (const id of ids) {
          const quiz = (await answersOf(db, id)).find((q) => q.quizId === quizId);
          if (quiz) return quiz.correct;
        }
        throw new Error(`no quiz ${quizId}`);
      };
      // The first card answered right, the second wrong.
      const queue: Queued[] = [];
      for (const [index, card] of due.cards.entries()) {
        const correct = await correctOf(card.quiz.id);
        const answer =
          index === 0
            ? correct
            : card.quiz.options
                .filter((o) => !correct.includes(o.id))
                .slice(0, 1)
                .map((o) => o.id);
        queue.push({ path: `review/${card.id}/answer`, body: { answer }, key: randomUUID() });
      }
      const before = await totals(app, user);

      const [one, two] = await Promise.all([replay(base, user, queue), replay(base, user, queue)]);
      expect(one.map((a) => a.status)).toEqual([200, 200]);
      expect(two).toEqual(one);
      expect(one.map((a) => (a.body as { correct: boolean }).correct)).toEqual([true, false]);
      expect(one.map((a) => (a.body as { xp_awarded: number }).xp_awarded)).toEqual([5, 0]);
      const after = await totals(app, user);
      expect(after).toEqual({ ...before, xp: before.xp + 5, streak: 1, reviewDays: 1 });

      expect(await replay(base, user, queue)).toEqual(one);
      expect(await totals(app, user)).toEqual(after);
      const left = (await app.inject({ method: "GET", url: "/api/review", headers: user.headers })).json() as ReviewDue;
      expect(left.due_count).toBe(0);
    });
  });
}

replaySuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) replaySuite("postgres");
