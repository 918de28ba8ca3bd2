import { sql } from "drizzle-orm";
import { lessonCompleteResultSchema } from "@neonlab/shared/schemas/learning";
import { io as connect, type Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { createEventBus } from "../../events/event-bus.ts";
import { burst, listen } from "../../test/burst.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { createTransactionRunner } from "../../transaction.ts";
import { expectBooksBalance } from "../ledger/test-helpers.ts";
import { extendXpBoost, lockStreak } from "../progress/service.ts";
import { completeInOneCall, readStart, startStreak } from "./completion-one-call.ts";
import { completeLesson } from "./completion-service.ts";
import { createLearningApp, lessonId, prepareLesson } from "./test-helpers.ts";

// The one-call completion (drizzle/0010, 0023): it writes only while the user's streak row is as it read it,
// and writes exactly what the locking path writes, the chapter's badge and the course included.

async function openSocket(base: string, user: TestUser): Promise<Socket> {
  const socket = connect(base, {
    auth: { token: user.token },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Everything a completion writes for a user, without ids and times (which differ between users). */
async function writtenRows(db: Db, userId: string) {
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query));
  return {
    completions: await q(sql`select lesson_id, status, xp_awarded from completed_lessons where user_id = ${userId}`),
    ledger: await q(
      sql`select kind, amount, reason, reference, description from ledger where user_id = ${userId} order by kind, reason`,
    ),
    activities: await q(sql`select kind, title, link from user_activities where user_id = ${userId}`),
    streak: await q(
      sql`select count, last_updated::text, freeze_on, frozen_at::text, day_zone from streaks where user_id = ${userId}`,
    ),
    xp: await q(sql`select xp from profiles where id = ${userId}`),
    weekly: await q(sql`select xp from xp_weekly where user_id = ${userId}`),
    chapters: await q(sql`select chapter_id from completed_chapters where user_id = ${userId} order by 1`),
    courses: await q(sql`select course_id from completed_courses where user_id = ${userId}`),
    balances: await q(sql`select kind, balance from ledger_balances where user_id = ${userId} order by kind`),
  };
}

const count = async (db: Db, table: string, userId: string) =>
  Number(
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`),
    )[0]!.n,
  );

function oneCallSuite(kind: "pglite" | "postgres") {
  describe(`one-call lesson completion (${kind})`, async () => {
    const app: App = await createLearningApp({ kind });
    const db = app.ctx.db;
    const first = await lessonId(db, "neon-basics", "first-command");
    const paths = await lessonId(db, "neon-basics", "paths");

    let listening: Promise<string> | undefined;
    const base = () => (listening ??= listen(app));

    async function readyUser(): Promise<TestUser> {
      const user = await createUser(app);
      await prepareLesson(app, user, first);
      return user;
    }

    it("writes nothing and answers retry when the streak row moved after the read", async () => {
      const user = await readyUser();
      await db.transaction(
        async (tx) => void (await lockStreak(tx as unknown as Db, user.id, new Date(), { completing: true })),
      );
      const { ctx, start } = await readStart(db, user.id, first);
      // Another completion (or a lock) of the same user between the read and the write.
      await db.transaction(
        async (tx) => void (await lockStreak(tx as unknown as Db, user.id, new Date(), { completing: true })),
      );
      expect(await completeInOneCall(db, user.id, ctx, start!, startStreak(start!, new Date()), null)).toBe("retry");
      expect(await count(db, "completed_lessons", user.id)).toBe(0);
      expect(await count(db, "ledger", user.id)).toBe(0);
      expect(await count(db, "user_activities", user.id)).toBe(0);
    });

    it("answers retry when the streak row was created after a read that found none", async () => {
      const user = await readyUser();
      const { ctx, start } = await readStart(db, user.id, first);
      expect(start?.version).toBeNull();
      await db.transaction(
        async (tx) => void (await lockStreak(tx as unknown as Db, user.id, new Date(), { completing: true })),
      );
      expect(await completeInOneCall(db, user.id, ctx, start!, startStreak(start!, new Date()), null)).toBe("retry");
      expect(await count(db, "completed_lessons", user.id)).toBe(0);
    });

    it("writes what the locking path writes, the chapter's badge and the course included", async () => {
      const oneCall = await readyUser();
      const locked = await readyUser();
      const course = [
        first,
        paths,
        await lessonId(db, "neon-basics", "listing"),
        await lessonId(db, "neon-basics", "moving"),
      ];
      for (const user of [oneCall, locked]) for (const id of course.slice(1)) await prepareLesson(app, user, id);
      // An in-transaction handler of lesson.completed sends every completion down the locking path.
      const events = createEventBus(app.log);
      events.onInTransaction("lesson.completed", async () => {});
      const lockedDeps = { db, events, transaction: createTransactionRunner(db, events, app.ctx.jobs) };
      const now = new Date();
      for (const id of course) {
        const result = await completeLesson(app.ctx, oneCall.id, id, now);
        expect(await completeLesson(lockedDeps, locked.id, id, now)).toEqual(result);
      }
      expect(await completeLesson(app.ctx, oneCall.id, first, now)).toMatchObject({ alreadyCompleted: true });
      const rows = await writtenRows(db, oneCall.id);
      expect(rows).toEqual(await writtenRows(db, locked.id));
      expect(rows.chapters).toHaveLength(2);
      expect(rows.courses).toHaveLength(1);
      // The app's own bus notifies (the locking user's bus here has no such handler).
      const notified = await db.execute(sql`select kind from notifications where user_id = ${oneCall.id}`);
      expect(rowsOf(notified)).toEqual([{ kind: "badge_earned" }, { kind: "badge_earned" }]);
      await expectBooksBalance(db, oneCall.id);
    });

    it("answers as the locking path does for a plain completion", async () => {
      const oneCall = await readyUser();
      const locked = await readyUser();
      const now = new Date();
      const result = await completeLesson(app.ctx, oneCall.id, first, now);
      const events = createEventBus(app.log);
      events.onInTransaction("lesson.completed", async () => {});
      const transaction = createTransactionRunner(db, events, app.ctx.jobs);
      expect(await completeLesson({ db, events, transaction }, locked.id, first, now)).toEqual(result);
      expect(result).toMatchObject({ xpAwarded: 10, alreadyCompleted: false, streak: { count: 1, extended: true } });
    });

    it("a user's concurrent completions of a chapter's two lessons (one call, then the locking path) each count once", async () => {
      const user = await readyUser();
      await prepareLesson(app, user, paths);
      const results = await burst(
        await base(),
        user,
        "POST",
        Array.from({ length: 20 }, (_, i) => `/api/lessons/${i % 2 ? paths : first}/complete`),
      );
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      const bodies = results.map((r) => lessonCompleteResultSchema.parse(r.body));
      expect(bodies.filter((b) => !b.alreadyCompleted)).toHaveLength(2);
      expect(bodies.filter((b) => b.streak.extended)).toHaveLength(1);
      expect(await count(db, "completed_lessons", user.id)).toBe(2);
      const streakRows = rowsOf<{ reason: string }>(
        await db.execute(sql`select reason from ledger where user_id = ${user.id} and kind = 'streak'`),
      );
      expect(streakRows).toEqual([{ reason: "streak_started" }]);
      const books = await expectBooksBalance(db, user.id);
      expect(books.xp).toBe(25); // 10 + 15: the fixture lessons
      expect(bodies.filter((b) => b.chapterCompleted)).toHaveLength(1);
      const [streak] = rowsOf<{ count: number }>(
        await db.execute(sql`select count from streaks where user_id = ${user.id}`),
      );
      expect(streak?.count).toBe(1);
    });

    it("doubles the XP given while an XP boost is active, as the locking path does", async () => {
      const user = await readyUser();
      await db.transaction(async (tx) => void (await extendXpBoost(tx as unknown as Db, user.id, 60)));
      const result = await completeLesson(app.ctx, user.id, first);
      expect(result.xpAwarded).toBe(20);
      expect((await expectBooksBalance(db, user.id)).xp).toBe(20);
    });

    it("finishes the chapter in the same statement, its notification with it, pushed to the learner's socket", async () => {
      const user = await readyUser();
      await prepareLesson(app, user, paths);
      expect((await completeLesson(app.ctx, user.id, first)).chapterCompleted).toBeNull();
      const socket = await openSocket(await base(), user);
      const pushed = new Promise<{ kind: string; id: number }>((resolve) => socket.once("notification", resolve));
      const last = await completeLesson(app.ctx, user.id, paths);
      expect(last.chapterCompleted).not.toBeNull();
      expect(last.neonbitsAwarded).toBeGreaterThan(0);
      expect((await expectBooksBalance(db, user.id)).neonbits).toBe(last.neonbitsAwarded);
      expect(await count(db, "notifications", user.id)).toBe(1);
      const { kind, id } = await pushed;
      expect(kind).toBe("badge_earned");
      const [row] = rowsOf<{ user_id: string; data: { badge_name: string } }>(
        await db.execute(sql`select user_id, data from notifications where id = ${id}`),
      );
      expect(row).toMatchObject({ user_id: user.id, data: { badge_name: last.chapterCompleted?.name } });
      socket.disconnect();
    });

    it("writes nothing when badge.earned's statement work fails: the badge and the completion are one statement", async () => {
      const user = await readyUser();
      await prepareLesson(app, user, paths);
      await completeLesson(app.ctx, user.id, first);
      const before = await writtenRows(db, user.id);
      const events = createEventBus(app.log);
      events.onInStatement("badge.earned", { fn: "no_such_function", input: () => [], afterCommit: () => {} });
      const deps = { db, events, transaction: createTransactionRunner(db, events, app.ctx.jobs) };
      await expect(completeLesson(deps, user.id, paths)).rejects.toThrow();
      expect(await writtenRows(db, user.id)).toEqual(before);
      // Without that handler the same completion goes through, once.
      expect((await completeLesson(app.ctx, user.id, paths)).chapterCompleted).not.toBeNull();
    });

    it("runs the call in a transaction when badge.earned has in-transaction handlers; they see the badge", async () => {
      const user = await readyUser();
      await prepareLesson(app, user, paths);
      await completeLesson(app.ctx, user.id, first);
      const events = createEventBus(app.log);
      const seen: number[] = [];
      events.onInTransaction("badge.earned", async (e, tx) => {
        seen.push(await count(tx, "completed_chapters", e.userId));
      });
      const deps = { db, events, transaction: createTransactionRunner(db, events, app.ctx.jobs) };
      expect((await completeLesson(deps, user.id, paths)).chapterCompleted).not.toBeNull();
      expect(seen).toEqual([1]);
    });

    it("takes the locking path when lesson.completed has a statement handler, and hands it its result", async () => {
      const user = await readyUser();
      const events = createEventBus(app.log);
      const results: unknown[] = [];
      events.onInStatement("lesson.completed", {
        fn: "jsonb_array_length",
        input: (e) => [e.userId, e.lessonId],
        afterCommit: (_e, result) => void results.push(result),
      });
      const deps = { db, events, transaction: createTransactionRunner(db, events, app.ctx.jobs) };
      expect((await completeLesson(deps, user.id, first)).xpAwarded).toBe(10);
      expect(results).toEqual([2]);
    });

    it("a chapter's last lesson completed many times at once gives one badge", async () => {
      const user = await readyUser();
      await prepareLesson(app, user, paths);
      await completeLesson(app.ctx, user.id, first);
      const results = await burst(await base(), user, "POST", Array(12).fill(`/api/lessons/${paths}/complete`));
      const bodies = results.map((r) => lessonCompleteResultSchema.parse(r.body));
      expect(bodies.filter((b) => b.chapterCompleted)).toHaveLength(1);
      expect(await count(db, "completed_chapters", user.id)).toBe(1);
      expect(await count(db, "notifications", user.id)).toBe(1);
      await expectBooksBalance(db, user.id);
    });
  });
}

oneCallSuite("pglite");
if (process.env.TEST_DATABASE_URL) oneCallSuite("postgres");
