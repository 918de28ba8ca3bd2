import { type Rank, rankSchema } from "@neonlab/shared/schemas/progress";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../test/users.ts";
import { listen } from "../../test/burst.ts";
import { createUser } from "../../test/users.ts";
import { profiles } from "../profiles/schema.ts";
import { weekStart } from "./rank-service.ts";
import { completeLessonApi, createLearningApp, lessonId, prepareLesson } from "../learning/test-helpers.ts";

// The rank reads aggregates kept by triggers (drizzle/0004, histogram slots 0008): every check here
// compares the API with a full count over the source tables, so a missed or doubled aggregate update fails.
function aggregatesSuite(kind: "pglite" | "postgres") {
  describe(`rank aggregates (${kind})`, async () => {
    const app = await createLearningApp({ kind });
    const db = app.ctx.db;
    const basics = [
      await lessonId(db, "neon-basics", "first-command"),
      await lessonId(db, "neon-basics", "paths"),
      await lessonId(db, "neon-basics", "listing"),
      await lessonId(db, "neon-basics", "moving"),
    ];
    const monday = weekStart(new Date());

    const rankOf = async (user: TestUser, period: "all" | "week"): Promise<Rank> => {
      const res = await app.inject({ method: "GET", url: `/api/rank?period=${period}`, headers: user.headers });
      expect(res.statusCode, res.body).toBe(200);
      return rankSchema.parse(res.json());
    };

    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;

    /** Position and XP as a full count over profiles and the XP rows of the ledger gives them. */
    async function counted(userId: string) {
      const [all] = await rows<{ xp: number; position: number }>(sql`
      select p.xp, (select count(*) from profiles o where o.xp > p.xp)::int + 1 as position
      from profiles p where p.id = ${userId}`);
      const [week] = await rows<{ xp: number; position: number }>(sql`
      with w as (select user_id, sum(amount)::int as xp from ledger where kind = 'xp' and created_at >= ${monday.toISOString()} group by user_id),
           mine as (select coalesce((select xp from w where user_id = ${userId}), 0) as xp)
      select mine.xp, (select count(*) from w where w.xp > mine.xp)::int + 1 as position from mine`);
      return { all: all!, week: week! };
    }

    async function expectExactPositions(users: TestUser[]) {
      for (const user of users) {
        const expected = await counted(user.id);
        expect((await rankOf(user, "all")).me).toMatchObject({ user_id: user.id, ...expected.all });
        expect((await rankOf(user, "week")).me).toMatchObject({ user_id: user.id, ...expected.week });
      }
    }

    /** The aggregates equal a GROUP BY over their sources; a histogram value's count is the sum of its slots. */
    async function expectAggregatesMatchSources() {
      const weekly = await rows(sql`
      select user_id, week_start::text as week, xp from xp_weekly order by 1, 2`);
      const weeklyFromEvents = await rows(sql`
      select user_id, (date_trunc('week', created_at at time zone 'UTC'))::date::text as week, sum(amount)::int as xp
      from ledger where kind = 'xp' group by 1, 2 order by 1, 2`);
      expect(weekly).toEqual(weeklyFromEvents);
      const totals = await rows(
        sql`select xp, sum(users)::int as users from xp_totals_histogram group by xp having sum(users) <> 0 order by xp`,
      );
      const totalsFromProfiles = await rows(
        sql`select xp, count(*)::int as users from profiles where xp > 0 group by xp order by xp`,
      );
      expect(totals).toEqual(totalsFromProfiles);
      const weeks = await rows(sql`
      select week_start::text as week, xp, sum(users)::int as users from xp_weekly_histogram
      group by 1, 2 having sum(users) <> 0 order by 1, 2`);
      const weeksFromWeekly = await rows(sql`
      select week_start::text as week, xp, count(*)::int as users from xp_weekly where xp > 0 group by 1, 2 order by 1, 2`);
      expect(weeks).toEqual(weeksFromWeekly);
    }

    it("keeps own positions exact through completions, ties, direct XP changes and account deletion", async () => {
      const users: TestUser[] = [];
      for (let i = 0; i < 5; i++) users.push(await createUser(app));
      // User i completes the first i lessons: 0 to 4 lessons, so XP from none to the most.
      for (const [i, user] of users.entries()) {
        for (const id of basics.slice(0, i)) {
          await prepareLesson(app, user, id);
          expect((await completeLessonApi(app, user, id)).statusCode).toBe(200);
        }
      }
      await expectAggregatesMatchSources();
      await expectExactPositions(users);
      const top = await rankOf(users[4]!, "all");
      expect(top.me?.position).toBe(1);
      expect(top.entries[0]).toMatchObject({ user_id: users[4]!.id, position: 1 });

      // Another writer of profiles.xp (an admin fix, a future module): the histogram follows.
      await db
        .update(profiles)
        .set({ xp: sql`${profiles.xp} + 5` })
        .where(sql`${profiles.id} = ${users[1]!.id}`);
      await db
        .update(profiles)
        .set({ xp: sql`${profiles.xp}` })
        .where(sql`${profiles.id} = ${users[2]!.id}`);
      await expectAggregatesMatchSources();
      await expectExactPositions(users);

      const before = (await rankOf(users[0]!, "all")).me!.position;
      expect((await app.inject({ method: "DELETE", url: "/api/users", headers: users[4]!.headers })).statusCode).toBe(
        200,
      );
      await expectAggregatesMatchSources();
      expect((await rankOf(users[0]!, "all")).me!.position).toBe(before - 1);
      await expectExactPositions(users.slice(0, 4));
    });

    it("stays exact when users on the same XP complete at the same moment", async () => {
      const users: TestUser[] = [];
      for (let i = 0; i < 6; i++) users.push(await createUser(app));
      for (const user of users) await prepareLesson(app, user, basics[0]!);
      for (const user of users) await prepareLesson(app, user, basics[1]!);
      const first = await Promise.all(users.map((user) => completeLessonApi(app, user, basics[0]!)));
      expect(first.map((r) => r.statusCode)).toEqual(users.map(() => 200));
      const second = await Promise.all(users.map((user) => completeLessonApi(app, user, basics[1]!)));
      expect(second.map((r) => r.statusCode)).toEqual(users.map(() => 200));
      await expectAggregatesMatchSources();
      const positions = new Set<number>();
      for (const user of users) positions.add((await rankOf(user, "week")).me!.position);
      expect(positions.size).toBe(1);
      await expectExactPositions(users);
    });

    if (kind === "postgres") {
      it("lets transactions count users on one XP value without waiting for each other's commit", async () => {
        const xp = 987_654; // nobody's XP
        const week = monday.toISOString().slice(0, 10);
        let added!: () => void;
        let release!: () => void;
        const addedFirst = new Promise<void>((resolve) => (added = resolve));
        const released = new Promise<void>((resolve) => (release = resolve));
        const holder = db.transaction(async (tx) => {
          await tx.execute(
            sql`select xp_totals_histogram_add(${xp}, 1), xp_weekly_histogram_add(${week}::date, ${xp}, 1)`,
          );
          added();
          await released;
        });
        await addedFirst;
        // With one row per value, this waited for the holder's commit (here: forever, so the lock timeout).
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await tx.execute(
            sql`select xp_totals_histogram_add(${xp}, 1), xp_weekly_histogram_add(${week}::date, ${xp}, 1)`,
          );
        });
        release();
        await holder;
        const slots = async () =>
          rows<{ n: number; users: number }>(sql`
          select count(*)::int as n, coalesce(sum(users), 0)::int as users from xp_totals_histogram where xp = ${xp}
          union all
          select count(*)::int, coalesce(sum(users), 0)::int from xp_weekly_histogram where week_start = ${week}::date and xp = ${xp}`);
        expect(await slots()).toEqual([
          { n: 2, users: 2 },
          { n: 2, users: 2 },
        ]);
        // Taken away again, each slot reaches 0 users and goes.
        for (let i = 0; i < 2; i++) {
          await db.execute(
            sql`select xp_totals_histogram_add(${xp}, -1), xp_weekly_histogram_add(${week}::date, ${xp}, -1)`,
          );
        }
        expect(await slots()).toEqual([
          { n: 0, users: 0 },
          { n: 0, users: 0 },
        ]);
      });

      it("stays exact when many users on the same XP complete at once over real connections", async () => {
        const base = await listen(app);
        const users: TestUser[] = [];
        for (let i = 0; i < 16; i++) users.push(await createUser(app));
        for (const user of users) {
          await prepareLesson(app, user, basics[0]!);
          await prepareLesson(app, user, basics[1]!);
        }
        for (const id of [basics[0]!, basics[1]!]) {
          const results = await Promise.all(
            users.map((user) => fetch(`${base}/api/lessons/${id}/complete`, { method: "POST", headers: user.headers })),
          );
          expect(results.map((r) => r.status)).toEqual(users.map(() => 200));
        }
        await expectAggregatesMatchSources();
        await expectExactPositions(users.slice(0, 4));
        // Sixteen sign-ups and their answers: slow on a busy machine.
      }, 120_000);
    }
  });
}

aggregatesSuite("pglite");
// PGlite is one connection; PostgreSQL is where transactions really run at once.
if (process.env.TEST_DATABASE_URL) aggregatesSuite("postgres");
