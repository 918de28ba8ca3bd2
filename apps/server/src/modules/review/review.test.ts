import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REVIEW_DAY_XP, type ReviewDue, type ReviewResult } from "@neonlab/shared/schemas/review";
import type { App } from "../../app.ts";
import { listen } from "../../test/burst.ts";
import { createUser, deleteOwnAccount, type TestUser } from "../../test/users.ts";
import { buildExportFile } from "../identity/data-export/file.ts";
import { profiles } from "../identity/profiles/schema.ts";
import { answersOf, createLearningApp, lessonId } from "../learning/test-helpers.ts";
import { streaks } from "../progress/schema.ts";
import { presenceWritten, setPresence } from "../progress/test-helpers.ts";
import { ledger } from "../wallet/ledger/schema.ts";
import { reviewCards } from "./schema.ts";
import { answerCard } from "./service.ts";
import { createQuizOrder } from "../learning/service.ts";

const DAY = 86_400_000;

async function fixtureQuizzes(app: App) {
  const db = app.ctx.db;
  const lessons = [
    await lessonId(db, "neon-basics", "first-command"),
    await lessonId(db, "neon-basics", "paths"),
    await lessonId(db, "neon-pro", "advanced"),
  ];
  const quizzes = await Promise.all(lessons.map(async (id) => ({ lessonId: id, ...(await answersOf(db, id))[0]! })));
  return { first: quizzes[0]!, paths: quizzes[1]!, premium: quizzes[2]! };
}

type Quiz = Awaited<ReturnType<typeof fixtureQuizzes>>["first"];

const answerInLesson = (app: App, user: TestUser, quiz: Quiz, responses: string[]) =>
  app.inject({
    method: "POST",
    url: `/api/lessons/${quiz.lessonId}/quizes/${quiz.quizId}/complete`,
    headers: user.headers,
    payload: { responses },
  });

const due = async (app: App, user: TestUser) => {
  const res = await app.inject({ method: "GET", url: "/api/review", headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewDue;
};

const answerReview = (app: App, user: TestUser, cardId: number, answer: string[]) =>
  app.inject({ method: "POST", url: `/api/review/${cardId}/answer`, headers: user.headers, payload: { answer } });

async function reviewXp(app: App, userId: string) {
  return app.ctx.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, "xp"), eq(ledger.reason, "review_day")));
}

function reviewSuite(kind: "pglite" | "postgres") {
  describe(`daily review of missed quizzes (${kind})`, async () => {
    const app = await createLearningApp({ kind });
    const q = await fixtureQuizzes(app);
    let listening: Promise<string> | undefined;
    const baseUrl = () => (listening ??= listen(app));

    it("makes a wrong lesson answer a card due at once; a right one makes none", async () => {
      const user = await createUser(app);
      expect(await due(app, user)).toEqual({ due_count: 0, cards: [] });
      expect((await answerInLesson(app, user, q.first, q.first.correct)).statusCode).toBe(200);
      expect((await due(app, user)).due_count).toBe(0);

      const wrong = await answerInLesson(app, user, q.paths, q.paths.wrong.slice(0, 1));
      expect(wrong.json()).toMatchObject({ correct: false });
      const list = await due(app, user);
      expect(list.due_count).toBe(1);
      const [card] = list.cards;
      expect(card!.quiz.id).toBe(q.paths.quizId);
      expect(card!.lesson).toMatchObject({
        course_slug: "neon-basics",
        lesson_slug: "paths",
        anchor: `quiz-${card!.quiz.key}`,
        path: `/courses/neon-basics/paths#quiz-${card!.quiz.key}`,
      });
      // The quiz as the lesson shows it to this learner: the same order, no answers.
      const lesson = await app.inject({
        method: "GET",
        url: "/api/courses/neon-basics/lessons/paths",
        headers: user.headers,
      });
      expect(card!.quiz.options).toEqual(lesson.json().quizzes[0].options);
      expect(JSON.stringify(card)).not.toMatch(/correct|explanation/);

      // Missing it again keeps one card.
      await answerInLesson(app, user, q.paths, q.paths.wrong.slice(0, 1));
      expect((await due(app, user)).due_count).toBe(1);
      expect(await app.ctx.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id))).toHaveLength(1);
    });

    it("schedules a right answer days out and a wrong one for the next local day, with the lesson's texts", async () => {
      const user = await createUser(app);
      await app.ctx.db.update(profiles).set({ timeZone: "Asia/Tokyo" }).where(eq(profiles.id, user.id));
      await answerInLesson(app, user, q.first, q.first.wrong.slice(0, 1));
      await answerInLesson(app, user, q.paths, q.paths.wrong.slice(0, 1));
      const [a, b] = (await due(app, user)).cards;

      const wrong = await answerReview(
        app,
        user,
        a!.id,
        q[a!.quiz.id === q.first.quizId ? "first" : "paths"].wrong.slice(0, 1),
      );
      expect(wrong.statusCode, wrong.body).toBe(200);
      const w = wrong.json() as ReviewResult;
      expect(w).toMatchObject({ correct: false, explanation: "", explanations: [], xp_awarded: REVIEW_DAY_XP });
      expect(w.message).toBe("That is not the right answer. Have another look and try again.");
      expect(w.hint).toEqual(expect.any(String));
      // The next local day's start in Tokyo (UTC+9): 15:00 UTC.
      const wrongDue = new Date(w.next_due);
      expect(wrongDue.getUTCHours()).toBe(15);
      expect(wrongDue.getTime() - Date.now()).toBeLessThanOrEqual(DAY);
      expect(wrongDue.getTime()).toBeGreaterThan(Date.now());

      const bQuiz = q[b!.quiz.id === q.first.quizId ? "first" : "paths"];
      const right = await answerReview(app, user, b!.id, bQuiz.correct);
      const r = right.json() as ReviewResult;
      expect(r).toMatchObject({ correct: true, message: "Correct!", hint: null, xp_awarded: 0 });
      expect(r.explanations.length).toBeGreaterThan(1);
      expect(r.explanation).not.toBe("");
      expect(new Date(r.next_due).getTime() - wrongDue.getTime()).toBeGreaterThanOrEqual(DAY);
      expect(new Date(r.next_due).getUTCHours()).toBe(15);

      // Both left today's list; answering one again before it is due is refused.
      expect(await due(app, user)).toEqual({ due_count: 0, cards: [] });
      expect((await answerReview(app, user, b!.id, bQuiz.correct)).statusCode).toBe(409);
      // The review kept the day's streak.
      const [streak] = await app.ctx.db.select().from(streaks).where(eq(streaks.userId, user.id));
      expect(streak).toMatchObject({ count: 1 });
      expect(await reviewXp(app, user.id)).toHaveLength(1);
    });

    it("moves a card further out with each right answer and sooner after a wrong one", async () => {
      const user = await createUser(app);
      await answerInLesson(app, user, q.first, q.first.wrong.slice(0, 1));
      const [card] = await app.ctx.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id));
      const order = createQuizOrder(app.ctx.config.authSecret);
      let now = new Date();
      const intervals: number[] = [];
      for (const correct of [true, true, true, false]) {
        const result = await answerCard(
          app.ctx,
          order,
          user.id,
          card!.id,
          { answer: correct ? q.first.correct : q.first.wrong.slice(0, 1) },
          now,
        );
        const next = new Date(result.next_due);
        intervals.push(Math.round((next.getTime() - now.getTime()) / DAY));
        now = new Date(next.getTime() + 60_000);
      }
      expect(intervals[1]!).toBeGreaterThan(intervals[0]!);
      expect(intervals[2]!).toBeGreaterThan(intervals[1]!);
      expect(intervals[3]!).toBeLessThan(intervals[2]!);
    });

    it("gives the review XP once per local day", async () => {
      const user = await createUser(app);
      await answerInLesson(app, user, q.first, q.first.wrong.slice(0, 1));
      const [card] = await app.ctx.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id));
      const order = createQuizOrder(app.ctx.config.authSecret);
      const day1 = new Date();
      const first = await answerCard(app.ctx, order, user.id, card!.id, { answer: q.first.wrong.slice(0, 1) }, day1);
      expect(first.xp_awarded).toBe(REVIEW_DAY_XP);
      const day2 = new Date(first.next_due);
      const second = await answerCard(app.ctx, order, user.id, card!.id, { answer: q.first.wrong.slice(0, 1) }, day2);
      expect(second.xp_awarded).toBe(REVIEW_DAY_XP);
      const rows = await reviewXp(app, user.id);
      expect(rows.map((r) => r.amount)).toEqual([REVIEW_DAY_XP, REVIEW_DAY_XP]);
      expect(new Set(rows.map((r) => r.reference)).size).toBe(2);
    });

    it("counts an answer given offline on its own day within 48 hours, an older one on the day it arrives", async () => {
      const user = await createUser(app);
      await app.ctx.db.update(profiles).set({ timeZone: "UTC" }).where(eq(profiles.id, user.id));
      const threeDaysAgo = new Date(Date.now() - 3 * DAY);
      const [early, late] = await app.ctx.db
        .insert(reviewCards)
        .values([
          { userId: user.id, quizId: q.first.quizId, due: threeDaysAgo },
          { userId: user.id, quizId: q.paths.quizId, due: threeDaysAgo },
        ])
        .returning();
      const answeredAt = new Date(Date.now() - 26 * 3_600_000).toISOString();
      const send = (cardId: number, answer: string[], at: unknown) =>
        app.inject({
          method: "POST",
          url: `/api/review/${cardId}/answer`,
          headers: user.headers,
          payload: { answer, answeredAt: at },
        });

      expect((await send(early!.id, q.first.correct, "yesterday")).statusCode).toBe(400);
      const yesterday = await send(early!.id, q.first.correct, answeredAt);
      expect(yesterday.statusCode, yesterday.body).toBe(200);
      expect(yesterday.json()).toMatchObject({ correct: true, xp_awarded: REVIEW_DAY_XP });
      const [streak] = await app.ctx.db.select().from(streaks).where(eq(streaks.userId, user.id));
      expect(streak).toMatchObject({ count: 1, lastUpdated: answeredAt.slice(0, 10) });

      const tooOld = new Date(Date.now() - 60 * 3_600_000).toISOString();
      const today = await send(late!.id, q.paths.correct, tooOld);
      expect(today.statusCode, today.body).toBe(200);
      expect(today.json()).toMatchObject({ xp_awarded: REVIEW_DAY_XP });
      const days = (await reviewXp(app, user.id)).map((row) => row.reference).sort();
      expect(days).toEqual([`day:${answeredAt.slice(0, 10)}`, `day:${new Date().toISOString().slice(0, 10)}`].sort());
    });

    it("takes an offline answer's day only when later than the learner's last online request", async () => {
      const db = app.ctx.db;
      const answeredAt = new Date(Date.now() - 26 * 3_600_000).toISOString();
      const today = new Date().toISOString().slice(0, 10);
      /** A learner with a card due, last online at `lastOnline`, whose app reads the due list on reconnecting. */
      const reconnected = async (lastOnline: Date) => {
        const user = await createUser(app);
        await db.update(profiles).set({ timeZone: "UTC" }).where(eq(profiles.id, user.id));
        const [card] = await db
          .insert(reviewCards)
          .values({ userId: user.id, quizId: q.first.quizId, due: new Date(Date.now() - 3 * DAY) })
          .returning();
        await setPresence(db, user.id, lastOnline);
        const reconnect = new Date();
        expect((await due(app, user)).due_count).toBe(1);
        await presenceWritten(db, user.id, reconnect);
        return { user, card: card! };
      };
      const answer = (user: TestUser, cardId: number) =>
        app.inject({
          method: "POST",
          url: `/api/review/${cardId}/answer`,
          headers: user.headers,
          payload: { answer: q.first.correct, answeredAt },
        });
      const dayOf = async (user: TestUser) => {
        const [streak] = await db.select().from(streaks).where(eq(streaks.userId, user.id));
        const days = (await reviewXp(app, user.id)).map((row) => row.reference);
        return { streak: streak?.lastUpdated, xp: days };
      };

      // Last online three days ago: the answer given offline yesterday counts yesterday.
      const genuine = await reconnected(new Date(Date.now() - 3 * DAY));
      expect((await answer(genuine.user, genuine.card.id)).statusCode).toBe(200);
      expect(await dayOf(genuine.user)).toEqual({
        streak: answeredAt.slice(0, 10),
        xp: [`day:${answeredAt.slice(0, 10)}`],
      });

      // Online 10 minutes ago (its presence moved back to say so), then an answer dated yesterday: today counts.
      const cheat = await reconnected(new Date(Date.now() - 3 * DAY));
      await setPresence(db, cheat.user.id, new Date(Date.now() - 10 * 60_000));
      expect((await answer(cheat.user, cheat.card.id)).statusCode).toBe(200);
      expect(await dayOf(cheat.user)).toEqual({ streak: today, xp: [`day:${today}`] });
    });

    it("keeps cards to their owner and skips quizzes the learner may no longer open", async () => {
      const owner = await createUser(app);
      const other = await createUser(app);
      await answerInLesson(app, owner, q.first, q.first.wrong.slice(0, 1));
      const [card] = await app.ctx.db.select().from(reviewCards).where(eq(reviewCards.userId, owner.id));
      expect((await answerReview(app, other, card!.id, q.first.correct)).statusCode).toBe(404);
      expect((await due(app, other)).due_count).toBe(0);
      expect((await answerReview(app, owner, card!.id, ["0"])).statusCode).toBe(400);
      // A premium quiz's card (made while the learner had access) waits out of sight without it.
      await app.ctx.db.insert(reviewCards).values({ userId: owner.id, quizId: q.premium.quizId, due: new Date() });
      expect((await due(app, owner)).due_count).toBe(1);
      const [premiumCard] = await app.ctx.db
        .select()
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, owner.id), eq(reviewCards.quizId, q.premium.quizId)));
      expect((await answerReview(app, owner, premiumCard!.id, q.premium.correct)).statusCode).toBe(404);
    });

    it("puts the user's cards, and only theirs, in the data export", async () => {
      const user = await createUser(app);
      const other = await createUser(app);
      await answerInLesson(app, user, q.paths, q.paths.wrong.slice(0, 1));
      await answerInLesson(app, other, q.first, q.first.wrong.slice(0, 1));
      const { sections } = await buildExportFile(app.ctx.exportSections, app.ctx.db, user.id, "http://localhost");
      expect(sections.reviewCards).toEqual([
        expect.objectContaining({
          quizId: q.paths.quizId,
          lessonPath: expect.stringMatching(/^\/courses\/neon-basics\/paths#quiz-/),
          state: "new",
          reps: 0,
          lastReview: null,
        }),
      ]);
    });

    it("removes the cards with the account", async () => {
      const user = await createUser(app);
      await answerInLesson(app, user, q.first, q.first.wrong.slice(0, 1));
      const res = await deleteOwnAccount(app, user);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await app.ctx.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id))).toEqual([]);
    });

    it("gives the day's review XP once for concurrent answers", async () => {
      const base = await baseUrl();
      const user = await createUser(app);
      await answerInLesson(app, user, q.first, q.first.wrong.slice(0, 1));
      await answerInLesson(app, user, q.paths, q.paths.wrong.slice(0, 1));
      const cards = await app.ctx.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id));
      const answers = cards.map((c) => (c.quizId === q.first.quizId ? q.first.correct : q.paths.correct));
      const results = await Promise.all(
        cards.map((c, i) =>
          fetch(`${base}/api/review/${c.id}/answer`, {
            method: "POST",
            headers: { ...user.headers, "content-type": "application/json" },
            body: JSON.stringify({ answer: answers[i] }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as ReviewResult })),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results.map((r) => r.body.xp_awarded).sort()).toEqual([0, REVIEW_DAY_XP]);
      expect(await reviewXp(app, user.id)).toHaveLength(1);
      const [profile] = await app.ctx.db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.id, user.id));
      expect(profile!.xp).toBe(REVIEW_DAY_XP);
    });

    it("answers one card once for concurrent answers to it", async () => {
      const base = await baseUrl();
      const user = await createUser(app);
      await answerInLesson(app, user, q.first, q.first.wrong.slice(0, 1));
      const [card] = await app.ctx.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id));
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${base}/api/review/${card!.id}/answer`, {
            method: "POST",
            headers: { ...user.headers, "content-type": "application/json" },
            body: JSON.stringify({ answer: q.first.correct }),
          }).then((r) => r.status),
        ),
      );
      expect(statuses.sort()).toEqual([200, ...Array(9).fill(409)]);
      expect(await reviewXp(app, user.id)).toHaveLength(1);
      const [after] = await app.ctx.db.select().from(reviewCards).where(eq(reviewCards.id, card!.id));
      expect(after!.reps).toBe(1);
    });
  });
}

reviewSuite("pglite");
if (process.env.TEST_DATABASE_URL) reviewSuite("postgres");
