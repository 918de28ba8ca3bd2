import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { lessonCompleteResultSchema } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { profiles } from "../profiles/schema.ts";
import { streakEvents, streakFreezeInventory, streaks, xpEvents } from "../progress/schema.ts";
import { setStreak, utcDay } from "../progress/test-helpers.ts";
import { neonbitsBalances, neonbitsLedger } from "../wallet/schema.ts";
import { grantNeonBits } from "../wallet/service.ts";
import { completedChapters, completedCourses, completedLessons } from "./schema.ts";
import { completeLessonApi, createLearningApp, lessonId, prepareLesson } from "./test-helpers.ts";

const N = 50;

/** Fires the same request N times at once over real HTTP. */
async function burst(base: string, user: TestUser, method: string, paths: string[]) {
  const responses = await Promise.all(paths.map((path) => fetch(`${base}${path}`, { method, headers: user.headers })));
  return Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as unknown })));
}

/** Completion responses, all expected to be 200 with the result shape. */
async function completions(base: string, user: TestUser, paths: string[]) {
  const results = await burst(base, user, "POST", paths);
  expect(results.map((r) => r.status)).toEqual(Array(paths.length).fill(200));
  return results.map((r) => lessonCompleteResultSchema.parse(r.body));
}

async function totals(db: Db, userId: string) {
  const [xp] = await db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.id, userId));
  const [events] = await db
    .select({ sum: sql<number>`coalesce(sum(${xpEvents.amount}), 0)::int`.mapWith(Number) })
    .from(xpEvents)
    .where(eq(xpEvents.userId, userId));
  const [ledger] = await db
    .select({ sum: sql<number>`coalesce(sum(${neonbitsLedger.amount}), 0)::int`.mapWith(Number) })
    .from(neonbitsLedger)
    .where(eq(neonbitsLedger.userId, userId));
  const [balance] = await db.select().from(neonbitsBalances).where(eq(neonbitsBalances.userId, userId));
  const count = async (table: typeof completedChapters | typeof completedCourses | typeof completedLessons) =>
    (await db.select().from(table).where(eq(table.userId, userId))).length;
  return {
    xp: xp.xp,
    xpEvents: events.sum,
    ledger: ledger.sum,
    balance: balance?.balance ?? 0,
    lessons: await count(completedLessons),
    chapters: await count(completedChapters),
    courses: await count(completedCourses),
  };
}

/** The ledger is the truth of NeonBits and the XP history the truth of XP: the running totals must match. */
function expectBooksBalance(t: Awaited<ReturnType<typeof totals>>) {
  expect(t.balance).toBeGreaterThanOrEqual(0);
  expect(t.ledger).toBe(t.balance);
  expect(t.xpEvents).toBe(t.xp);
}

async function grant(db: Db, userId: string, amount: number) {
  await db.transaction((tx) =>
    grantNeonBits(tx as unknown as Db, {
      userId,
      amount,
      reason: "test_grant",
      reference: "race",
      description: "test",
    }),
  );
}

async function streakCharges(db: Db, userId: string) {
  return db
    .select()
    .from(neonbitsLedger)
    .where(and(eq(neonbitsLedger.userId, userId), eq(neonbitsLedger.reason, "streak_saved")));
}

async function freezeState(db: Db, userId: string) {
  const [streak] = await db.select().from(streaks).where(eq(streaks.userId, userId));
  const [inventory] = await db.select().from(streakFreezeInventory).where(eq(streakFreezeInventory.userId, userId));
  const events = await db
    .select({ reason: streakEvents.reason })
    .from(streakEvents)
    .where(eq(streakEvents.userId, userId));
  return {
    on: streak?.freezeOn ?? false,
    inventory: inventory?.count ?? 0,
    putOn: events.filter((e) => e.reason === "freeze_on").length,
    takenBack: events.filter((e) => e.reason === "freeze_off").length,
  };
}

const statusCounts = (results: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

function raceSuite(kind: "pglite" | "postgres") {
  describe(`exactly once under ${N} concurrent requests (${kind})`, async () => {
    const app: App = await createLearningApp({ kind });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
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
      const t = await totals(db, user.id);
      expect(t).toEqual({ xp: 50, xpEvents: 50, ledger: 140, balance: 140, lessons: 4, chapters: 2, courses: 1 });
      expectBooksBalance(t);
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
      const t = await totals(db, user.id);
      expect(t).toEqual({ xp: 50, xpEvents: 50, ledger: 140, balance: 140, lessons: 4, chapters: 2, courses: 1 });
      expectBooksBalance(t);
    });

    it("charges a streak save once for 50 identical requests", async () => {
      const user = await createUser(app);
      // Last active three days ago: broken, two missed days, 200 NeonBits to save.
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await grant(db, user.id, 1000);
      const results = await burst(base, user, "PATCH", Array(N).fill("/api/users/save-streak?save=true"));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0].body).toMatchObject({ count: 8, status: "alive", neonbits_spent: 200 });
      expect(results.filter((r) => r.status === 409)).toHaveLength(N - 1);
      const t = await totals(db, user.id);
      expect(t.ledger).toBe(800);
      expect(t.balance).toBe(800);
      expectBooksBalance(t);
      expect(await streakCharges(db, user.id)).toHaveLength(1);
    });

    it("charges once and reaches exactly zero when the balance is just enough", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await grant(db, user.id, 200);
      const results = await burst(base, user, "PATCH", Array(N).fill("/api/users/save-streak?save=true"));
      expect(statusCounts(results)).toEqual({ 200: 1, 409: N - 1 });
      for (const r of results.filter((r) => r.status === 409)) {
        expect((r.body as { message: string }).message).toMatch(/not broken|already saved|costs 200 NeonBits/);
      }
      const t = await totals(db, user.id);
      expect(t.balance).toBe(0);
      expectBooksBalance(t);
      expect(await streakCharges(db, user.id)).toHaveLength(1);
    });

    it("charges nothing when the balance is one NeonBit short", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await grant(db, user.id, 199);
      const results = await burst(base, user, "PATCH", Array(N).fill("/api/users/save-streak?save=true"));
      expect(statusCounts(results)).toEqual({ 409: N });
      for (const r of results) {
        expect((r.body as { message: string }).message).toBe("Saving your streak costs 200 NeonBits; you have 199.");
      }
      const t = await totals(db, user.id);
      expect(t.balance).toBe(199);
      expectBooksBalance(t);
      expect(await streakCharges(db, user.id)).toHaveLength(0);
      // The streak is still broken and still offered for saving.
      const streak = await fetch(`${base}/api/users/streak`, { headers: user.headers });
      expect(await streak.json()).toMatchObject({ status: "broken", save: { cost: 200, affordable: false } });
    });

    it("lets exactly one of 50 concurrent save and reset requests decide", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await grant(db, user.id, 1000);
      const paths = Array.from({ length: N }, (_, i) => `/api/users/save-streak?save=${i % 2 === 0}`);
      const results = await burst(base, user, "PATCH", paths);
      expect(statusCounts(results)).toEqual({ 200: 1, 409: N - 1 });
      const winner = results.find((r) => r.status === 200)?.body as { neonbits_spent: number; count: number };
      const t = await totals(db, user.id);
      expectBooksBalance(t);
      const charges = await streakCharges(db, user.id);
      if (winner.neonbits_spent > 0) {
        expect(winner).toMatchObject({ count: 8, neonbits_spent: 200 });
        expect(charges).toHaveLength(1);
        expect(t.balance).toBe(800);
      } else {
        expect(winner.count).toBe(0);
        expect(charges).toHaveLength(0);
        expect(t.balance).toBe(1000);
      }
    });

    it("puts one freeze on and takes one back for 50 identical requests each", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 5, lastUpdated: utcDay(-1) });
      await db
        .insert(streakFreezeInventory)
        .values({ userId: user.id, count: 3 })
        .onConflictDoUpdate({ target: streakFreezeInventory.userId, set: { count: 3 } });

      const on = await burst(base, user, "PATCH", Array(N).fill("/api/users/freeze-streak"));
      expect(statusCounts(on)).toEqual({ 200: 1, 409: N - 1 });
      for (const r of on.filter((r) => r.status === 409)) {
        expect((r.body as { message: string }).message).toBe("A streak freeze is already on your streak.");
      }
      expect(await freezeState(db, user.id)).toEqual({ on: true, inventory: 2, putOn: 1, takenBack: 0 });

      const off = await burst(base, user, "PATCH", Array(N).fill("/api/users/unfreeze-streak"));
      expect(statusCounts(off)).toEqual({ 200: 1, 409: N - 1 });
      expect(await freezeState(db, user.id)).toEqual({ on: false, inventory: 3, putOn: 1, takenBack: 1 });
    });

    it("never loses or duplicates a freeze under 50 interleaved freeze and unfreeze requests", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 5, lastUpdated: utcDay(-1) });
      await db
        .insert(streakFreezeInventory)
        .values({ userId: user.id, count: 1 })
        .onConflictDoUpdate({ target: streakFreezeInventory.userId, set: { count: 1 } });
      const paths = Array.from({ length: N }, (_, i) =>
        i % 2 === 0 ? "/api/users/freeze-streak" : "/api/users/unfreeze-streak",
      );
      const results = await burst(base, user, "PATCH", paths);
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const froze = results.filter((r, i) => r.status === 200 && i % 2 === 0).length;
      const unfroze = results.filter((r, i) => r.status === 200 && i % 2 === 1).length;
      expect(froze).toBeGreaterThan(0);
      const state = await freezeState(db, user.id);
      // One freeze owned: it is either on the streak or in the inventory, and every success left a matching event.
      expect(state.inventory + (state.on ? 1 : 0)).toBe(1);
      expect(froze - unfroze).toBe(state.on ? 1 : 0);
      expect({ putOn: state.putOn, takenBack: state.takenBack }).toEqual({ putOn: froze, takenBack: unfroze });
    });
  });
}

raceSuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
