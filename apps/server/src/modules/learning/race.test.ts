import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { lessonCompleteResultSchema } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { profiles } from "../profiles/schema.ts";
import {
  completedChapters,
  completedCourses,
  completedLessons,
  neonbitsBalances,
  neonbitsLedger,
  xpEvents,
} from "./schema.ts";
import { completeLessonApi, createLearningApp, lessonId, prepareLesson, setStreak, utcDay } from "./test-helpers.ts";
import { grantNeonBits } from "./wallet-service.ts";

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
    });

    it("charges a streak save once for 50 identical requests", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await db.transaction((tx) =>
        grantNeonBits(tx as unknown as Db, {
          userId: user.id,
          amount: 1000,
          reason: "test_grant",
          reference: "race",
          description: "test",
        }),
      );
      const results = await burst(base, user, "PATCH", Array(N).fill("/api/users/save-streak?save=true"));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0].body).toMatchObject({ count: 8, status: "alive", neonbits_spent: 200 });
      expect(results.filter((r) => r.status === 409)).toHaveLength(N - 1);
      const t = await totals(db, user.id);
      expect(t.ledger).toBe(800);
      expect(t.balance).toBe(800);
      const charges = await db
        .select()
        .from(neonbitsLedger)
        .where(and(eq(neonbitsLedger.userId, user.id), eq(neonbitsLedger.reason, "streak_saved")));
      expect(charges).toHaveLength(1);
    });
  });
}

raceSuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
