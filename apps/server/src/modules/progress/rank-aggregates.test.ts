import { type Rank, rankSchema } from "@neonlab/shared/schemas/progress";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteOwnAccount, type TestUser } from "../../test/users.ts";
import { listen } from "../../test/burst.ts";
import { createUser } from "../../test/users.ts";
import { profiles } from "../identity/profiles/schema.ts";
import { compactRankHistograms } from "./rank-compaction.ts";
import { weekStart } from "./rank-service.ts";
import { completeLessonApi, createLearningApp, lessonId, prepareLesson } from "../learning/test-helpers.ts";

// The rank reads aggregates kept by triggers (drizzle/0004; histograms as moves, sql/rank-histograms.sql): every
// check here compares the API with a full count over the source tables, so a missed or doubled update fails.
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
      expect((await deleteOwnAccount(app, users[4]!)).statusCode).toBe(200);
      await expectAggregatesMatchSources();
      expect((await rankOf(users[0]!, "all")).me!.position).toBe(before - 1);
      await expectExactPositions(users.slice(0, 4));
      // Folding the moves changes no sum.
      await compactRankHistograms(db);
      await expectAggregatesMatchSources();
      await expectExactPositions(users.slice(0, 4));
    });

    it("folds a value's moves into one row in the background (every 2 s while the app runs)", async () => {
      const user = await createUser(app);
      const xp = 876_543; // nobody's XP
      for (const value of [xp, xp + 1, xp])
        await db.update(profiles).set({ xp: value }).where(eq(profiles.id, user.id));
      const rowsAt = async () =>
        (await rows<{ n: number }>(sql`select count(*)::int as n from xp_totals_histogram where xp = ${xp}`))[0]!.n;
      expect(await rowsAt()).toBeGreaterThan(1);
      await expect.poll(rowsAt, { timeout: 15_000, interval: 250 }).toBe(1);
      await expectAggregatesMatchSources();
      await db.update(profiles).set({ xp: 0 }).where(eq(profiles.id, user.id));
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
        const [holderUser, other] = [await createUser(app), await createUser(app)];
        const setXp = (tx: typeof db, userId: string, value: number) =>
          tx.update(profiles).set({ xp: value }).where(eq(profiles.id, userId));
        let moved!: () => void;
        let release!: () => void;
        const movedFirst = new Promise<void>((resolve) => (moved = resolve));
        const released = new Promise<void>((resolve) => (release = resolve));
        const holder = db.transaction(async (tx) => {
          await setXp(tx as unknown as typeof db, holderUser.id, xp);
          moved();
          await released;
        });
        await movedFirst;
        // With one row per value (0004), this waited for the holder's commit (here: forever, so the lock timeout).
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await setXp(tx as unknown as typeof db, other.id, xp);
        });
        release();
        await holder;
        const atValue = async () =>
          rows<{ n: number; users: number }>(sql`
          select count(*)::int as n, coalesce(sum(users), 0)::int as users from xp_totals_histogram where xp = ${xp}`);
        expect(await atValue()).toEqual([{ n: 2, users: 2 }]);
        await compactRankHistograms(db);
        expect(await atValue()).toEqual([{ n: 1, users: 2 }]);
        for (const user of [holderUser, other]) await setXp(db, user.id, 0);
        await compactRankHistograms(db);
        expect(await atValue()).toEqual([{ n: 0, users: 0 }]);
        await expectAggregatesMatchSources();
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
