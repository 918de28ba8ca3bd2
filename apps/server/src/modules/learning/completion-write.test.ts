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
import { expectBooksBalance } from "../wallet/ledger/test-helpers.ts";
import { lockStreak } from "../progress/service.ts";
import { completeLesson, completeUnderLock } from "./completion-service.ts";
import { readStart, startStreak } from "./completion-start.ts";
import { type CompletionWork, writeCompletion } from "./completion-write.ts";
import { createLearningApp, lessonId, prepareLesson } from "./test-helpers.ts";

// The completion's one write, complete_lesson_once (sql/complete-lesson.sql): it writes only while the user's
// streak row is as it was read, everything a completion gives once, and its events' statement work with it.

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

/** Everything a completion writes for a user, in the order written, without ids and times. */
async function writtenRows(db: Db, userId: string) {
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query));
  return {
    completions: await q(
      sql`select lesson_id, xp_awarded from completed_lessons where user_id = ${userId} order by id`,
    ),
    ledger: await q(
      sql`select kind, amount, reason, reference, description from ledger where user_id = ${userId} order by id`,
    ),
    activities: await q(sql`select kind, title, link from user_activities where user_id = ${userId} order by id`),
    streak: await q(
      sql`select count, last_updated::text, freeze_on, frozen_at::text, day_zone from streaks where user_id = ${userId}`,
    ),
    xp: await q(sql`select xp from profiles where id = ${userId}`),
    weekly: await q(sql`select xp from xp_weekly where user_id = ${userId}`),
    chapters: await q(sql`select chapter_id from completed_chapters where user_id = ${userId} order by 1`),
    courses: await q(sql`select course_id from completed_courses where user_id = ${userId}`),
    balances: await q(sql`select kind, balance from ledger_balances where user_id = ${userId} order by kind`),
    notifications: await q(sql`select kind, subject from notifications where user_id = ${userId} order by id`),
  };
}

const count = async (db: Db, table: string, userId: string) =>
  Number(
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`),
    )[0]!.n,
  );

const NOW = new Date("2031-05-14T12:00:00Z");
const NO_WORK: CompletionWork = {
  "lesson.completed": { fns: [], inputs: [] },
  "badge.earned": { fns: [], inputs: [] },
  "course.completed": { fns: [], inputs: [] },
};

function completionSuite(kind: "pglite" | "postgres") {
  describe(`lesson completion's write (${kind})`, async () => {
    const app: App = await createLearningApp({ kind });
    const db = app.ctx.db;
    const [first, paths, listing, moving] = await Promise.all(
      ["first-command", "paths", "listing", "moving"].map((slug) => lessonId(db, "neon-basics", slug)),
    );

    let listening: Promise<string> | undefined;
    const base = () => (listening ??= listen(app));
    const lock = (userId: string) =>
      db.transaction(async (tx) => void (await lockStreak(tx as unknown as Db, userId, NOW, { completing: true })));

    async function readyUser(lessons = [first!]): Promise<TestUser> {
      const user = await createUser(app);
      for (const id of lessons) await prepareLesson(app, user, id);
      return user;
    }

    it("writes nothing and answers retry when the streak row moved after the read", async () => {
      const user = await readyUser();
      await lock(user.id);
      const { ctx, start } = await readStart(db, user.id, first!);
      // Another completion (or a lock) of the same user between the read and the write.
      await lock(user.id);
      expect(await writeCompletion(db, user.id, ctx, start, startStreak(start, NOW), NO_WORK)).toBe("retry");
      expect(await count(db, "completed_lessons", user.id)).toBe(0);
      expect(await count(db, "ledger", user.id)).toBe(0);
      expect(await count(db, "user_activities", user.id)).toBe(0);
    });

    it("answers retry when the streak row was created after a read that found none", async () => {
      const user = await readyUser();
      const { ctx, start } = await readStart(db, user.id, first!);
      expect(start.version).toBeNull();
      await lock(user.id);
      expect(await writeCompletion(db, user.id, ctx, start, startStreak(start, NOW), NO_WORK)).toBe("retry");
      expect(await count(db, "completed_lessons", user.id)).toBe(0);
    });

    it("writes a whole course once: XP, streak, activities, both badges with NeonBits and notifications, the course", async () => {
      const user = await readyUser([first!, paths!, listing!, moving!]);
      const answers = [];
      for (const id of [first!, paths!, listing!, moving!])
        answers.push(await completeLesson(app.ctx, user.id, id, NOW));
      expect(answers.map((a) => [a.xpAwarded, a.streak, a.chapterCompleted?.name ?? null, a.courseCompleted])).toEqual([
        [10, { count: 1, extended: true, status: "done" }, null, false],
        [15, { count: 1, extended: false, status: "done" }, "Shell Spark", false],
        [5, { count: 1, extended: false, status: "done" }, null, false],
        [20, { count: 1, extended: false, status: "done" }, "File Wrangler", true],
      ]);
      expect(answers.map((a) => a.neonbitsAwarded)).toEqual([0, 20, 0, 120]);
      expect(await completeLesson(app.ctx, user.id, first!, NOW)).toEqual({
        lessonId: first,
        xpAwarded: 0,
        alreadyCompleted: true,
        streak: { count: 1, extended: false, status: "done" },
        chapterCompleted: null,
        courseCompleted: false,
        neonbitsAwarded: 0,
      });
      const xp = (n: number, id: number, title: string) => ({
        kind: "xp",
        amount: n,
        reason: "lesson_completed",
        reference: `lesson:${id}`,
        description: `Completed lesson: ${title}`,
      });
      const lessonActivity = (title: string, slug: string) => ({
        kind: "lesson_completed",
        title: `Completed the lesson ${title}`,
        link: `/courses/neon-basics/${slug}`,
      });
      const badgeActivity = (name: string) => ({
        kind: "chapter_completed",
        title: `Earned the ${name} badge in Neon Basics`,
        link: "/courses/neon-basics",
      });
      const rows = await writtenRows(db, user.id);
      const [one, two] = rows.chapters.map((c) => c.chapter_id);
      const course = rows.courses[0]?.course_id;
      expect(rows).toEqual({
        completions: [
          { lesson_id: first, xp_awarded: 10 },
          { lesson_id: paths, xp_awarded: 15 },
          { lesson_id: listing, xp_awarded: 5 },
          { lesson_id: moving, xp_awarded: 20 },
        ],
        ledger: [
          xp(10, first!, "Your First Command"),
          {
            kind: "streak",
            amount: 1,
            reason: "streak_started",
            reference: "day:2031-05-14",
            description: "Streak started",
          },
          xp(15, paths!, "Paths"),
          {
            kind: "neonbits",
            amount: 20,
            reason: "chapter_completed",
            reference: `chapter:${one}`,
            description: "Completed chapter: The Terminal (badge Shell Spark)",
          },
          xp(5, listing!, "Listing Files"),
          xp(20, moving!, "Moving Files"),
          {
            kind: "neonbits",
            amount: 20,
            reason: "chapter_completed",
            reference: `chapter:${two}`,
            description: "Completed chapter: Files (badge File Wrangler)",
          },
          {
            kind: "neonbits",
            amount: 100,
            reason: "course_completed",
            reference: `course:${course}`,
            description: "Completed course: Neon Basics",
          },
        ],
        activities: [
          lessonActivity("Your First Command", "first-command"),
          lessonActivity("Paths", "paths"),
          badgeActivity("Shell Spark"),
          lessonActivity("Listing Files", "listing"),
          lessonActivity("Moving Files", "moving"),
          badgeActivity("File Wrangler"),
          { kind: "course_completed", title: "Completed the course Neon Basics", link: "/courses/neon-basics" },
        ],
        streak: [{ count: 1, last_updated: "2031-05-14", freeze_on: false, frozen_at: null, day_zone: "UTC" }],
        xp: [{ xp: 50 }],
        weekly: [{ xp: 50 }],
        chapters: [{ chapter_id: one }, { chapter_id: two }],
        courses: [{ course_id: expect.any(Number) }],
        balances: [{ kind: "neonbits", balance: 140 }],
        notifications: [
          { kind: "badge_earned", subject: expect.stringMatching(/^badge:/) },
          { kind: "badge_earned", subject: expect.stringMatching(/^badge:/) },
        ],
      });
      await expectBooksBalance(db, user.id);
    });

    it("records a freeze the days since used up before the day it extends, as a lock of the streak does", async () => {
      const user = await readyUser();
      await db.execute(sql`insert into streaks (user_id, count, last_updated, freeze_on, frozen_at, day_zone)
        values (${user.id}, 3, '2031-05-12', true, '2031-05-10', 'UTC')`);
      const result = await completeLesson(app.ctx, user.id, first!, NOW);
      expect(result.streak).toEqual({ count: 4, extended: true, status: "done" });
      const rows = await writtenRows(db, user.id);
      expect(rows.ledger.map((r) => [r.reason, r.reference, r.amount])).toEqual([
        ["freeze_used", "covered:2031-05-13", 0],
        ["lesson_completed", `lesson:${first}`, 10],
        ["streak_extended", "day:2031-05-14", 1],
      ]);
      expect(rows.streak).toEqual([
        { count: 4, last_updated: "2031-05-14", freeze_on: false, frozen_at: null, day_zone: "UTC" },
      ]);
    });

    it("answers a lesson completed before with the streak as it stands, recording a freeze used up since", async () => {
      const user = await readyUser();
      await completeLesson(app.ctx, user.id, first!, new Date("2031-05-11T12:00:00Z"));
      await db.execute(sql`update streaks set freeze_on = true, frozen_at = '2031-05-11' where user_id = ${user.id}`);
      const again = await completeLesson(app.ctx, user.id, first!, NOW);
      expect(again).toMatchObject({ alreadyCompleted: true, xpAwarded: 0, streak: { count: 0, status: "broken" } });
      const rows = await writtenRows(db, user.id);
      expect(rows.completions).toHaveLength(1);
      expect(rows.ledger.map((r) => r.reason)).toEqual(["lesson_completed", "streak_started", "freeze_used"]);
    });

    it("under the streak lock: the same answers and rows, a freeze and a chapter's badge included", async () => {
      const unlocked = await readyUser([first!, paths!]);
      const locked = await readyUser([first!, paths!]);
      for (const user of [unlocked, locked]) {
        await db.execute(sql`insert into streaks (user_id, count, last_updated, freeze_on, frozen_at, day_zone)
          values (${user.id}, 3, '2031-05-12', true, '2031-05-10', 'UTC')`);
      }
      for (const id of [first!, paths!, first!]) {
        const result = await completeLesson(app.ctx, unlocked.id, id, NOW);
        expect(await completeUnderLock(app.ctx, locked.id, id, NOW)).toEqual(result);
      }
      const rows = await writtenRows(db, unlocked.id);
      expect(rows.chapters).toHaveLength(1);
      expect(rows.notifications).toHaveLength(1);
      expect(await writtenRows(db, locked.id)).toEqual(rows);
      // A user without a streak row yet: the lock creates it.
      const fresh = await readyUser();
      expect((await completeUnderLock(app.ctx, fresh.id, first!, NOW)).streak).toEqual({
        count: 1,
        extended: true,
        status: "done",
      });
    });

    it("a user's concurrent completions of a chapter's two lessons each count once", async () => {
      const user = await readyUser([first!, paths!]);
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

    it("doubles the XP given while an XP boost is active", async () => {
      const user = await readyUser();
      // A bought boost, as buy_shop_item (shop/sql) leaves it.
      await db.execute(
        sql`insert into xp_boosts (user_id, ends_at) values (${user.id}, now() + interval '60 minutes')`,
      );
      const result = await completeLesson(app.ctx, user.id, first!);
      expect(result.xpAwarded).toBe(20);
      expect((await expectBooksBalance(db, user.id)).xp).toBe(20);
    });

    it("finishes the chapter in the same statement, its notification with it, pushed to the learner's socket", async () => {
      const user = await readyUser([first!, paths!]);
      expect((await completeLesson(app.ctx, user.id, first!)).chapterCompleted).toBeNull();
      const socket = await openSocket(await base(), user);
      const pushed = new Promise<{ kind: string; id: number }>((resolve) => socket.once("notification", resolve));
      const last = await completeLesson(app.ctx, user.id, paths!);
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
      const user = await readyUser([first!, paths!]);
      await completeLesson(app.ctx, user.id, first!);
      const before = await writtenRows(db, user.id);
      const events = createEventBus(app.log);
      events.onInStatement("badge.earned", { fn: "no_such_function", input: () => [], afterCommit: () => {} });
      const deps = { db, events, transaction: createTransactionRunner(db, events, app.ctx.jobs) };
      await expect(completeLesson(deps, user.id, paths!)).rejects.toThrow();
      expect(await writtenRows(db, user.id)).toEqual(before);
      // Without that handler the same completion goes through, once.
      expect((await completeLesson(app.ctx, user.id, paths!)).chapterCompleted).not.toBeNull();
    });

    it("runs lesson.completed's and course.completed's statement work in the call and hands over the results", async () => {
      const user = await readyUser([first!, paths!, listing!, moving!]);
      const events = createEventBus(app.log);
      const results: unknown[] = [];
      events.onInStatement("lesson.completed", {
        fn: "jsonb_array_length",
        input: (e) => [e.lessonId, e.xpAwarded],
        afterCommit: (e, result) => void results.push(["lesson", e.lessonId, result]),
      });
      events.onInStatement("course.completed", {
        fn: "jsonb_array_length",
        input: (e) => [e.userId, e.courseId, "third"],
        afterCommit: (_e, result) => void results.push(["course", result]),
      });
      const deps = { db, events, transaction: createTransactionRunner(db, events, app.ctx.jobs) };
      for (const id of [first!, paths!, listing!, moving!]) await completeLesson(deps, user.id, id);
      await completeLesson(deps, user.id, moving!);
      expect(results).toEqual([
        ["lesson", first, 2],
        ["lesson", paths, 2],
        ["lesson", listing, 2],
        ["lesson", moving, 2],
        ["course", 3],
      ]);
    });

    it("a chapter's last lesson completed many times at once gives one badge", async () => {
      const user = await readyUser([first!, paths!]);
      await completeLesson(app.ctx, user.id, first!);
      const results = await burst(await base(), user, "POST", Array(12).fill(`/api/lessons/${paths}/complete`));
      const bodies = results.map((r) => lessonCompleteResultSchema.parse(r.body));
      expect(bodies.filter((b) => b.chapterCompleted)).toHaveLength(1);
      expect(await count(db, "completed_chapters", user.id)).toBe(1);
      expect(await count(db, "notifications", user.id)).toBe(1);
      await expectBooksBalance(db, user.id);
    });
  });
}

completionSuite("pglite");
if (process.env.TEST_DATABASE_URL) completionSuite("postgres");
