import { and, asc, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Rank, RankEntry, RankPeriod } from "@neonlab/shared/schemas/progress";
import type { Db } from "../../db/client.ts";
import { profileRows } from "../identity/service.ts";
import { xpTotalsHistogram, xpWeekly, xpWeeklyHistogram } from "./schema.ts";

export const RANK_SIZE = 50;

/** Monday 00:00 UTC of the week containing `now`. */
export function weekStart(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

type Row = {
  userId: string;
  username: string;
  displayName: string;
  avatar: string | null;
  xp: number;
  position: number;
};

const toEntry = (r: Row): RankEntry => ({
  position: r.position,
  user_id: r.userId,
  username: r.username,
  display_name: r.displayName,
  avatar: r.avatar,
  xp: r.xp,
});

/**
 * Top 50 by XP (all time, or since Monday 00:00 UTC) and the caller's own row; equal XP share a position.
 * Both boards are index reads that stop after the top rows; an own position is 1 + the number of users
 * with more XP, summed from a histogram of users per XP value (kept by triggers, drizzle/0004).
 */
export async function getRank(db: Db, period: RankPeriod, userId: string | null, now = new Date()): Promise<Rank> {
  return period === "all" ? allTime(db, userId) : thisWeek(db, userId, weekStart(now));
}

const profiles = profileRows.table;
const entryColumns = profileRows.card;

// Spelled with its table: a single-table select renders columns bare, which the subquery would read as its own.
const ownXp = sql`${profiles}.${sql.identifier(profiles.xp.name)}`;

async function allTime(db: Db, userId: string | null): Promise<Rank> {
  const [rows, mine] = await Promise.all([allTimeBoard(db), userId ? allTimeMine(db, userId) : null]);
  return { period: "all", since: null, entries: rows.map(toEntry), me: mine };
}

/**
 * The top 50, ties at the 50th place included before the cut. First the 50th highest XP (an index-only
 * read of 50 entries), then only the rows at or above it: the planner knows that is a handful and reads
 * profiles_xp_board_idx (xp desc, username) in order instead of planning a scan of every user.
 */
async function allTimeBoard(db: Db): Promise<Row[]> {
  const [cut] = await db
    .select({ xp: profiles.xp })
    .from(profiles)
    .where(gt(profiles.xp, 0))
    .orderBy(desc(profiles.xp))
    .offset(RANK_SIZE - 1)
    .limit(1);
  return db
    .select({
      ...entryColumns,
      xp: profiles.xp,
      position: sql<number>`rank() over (order by ${profiles.xp} desc)`.mapWith(Number),
    })
    .from(profiles)
    .where(gte(profiles.xp, cut?.xp ?? 1))
    .orderBy(desc(profiles.xp), asc(profiles.username))
    .limit(RANK_SIZE);
}

async function allTimeMine(db: Db, userId: string): Promise<RankEntry | null> {
  const [mine] = await db
    .select({
      ...entryColumns,
      xp: profiles.xp,
      ahead:
        sql<number>`coalesce((select sum(${xpTotalsHistogram.users}) from ${xpTotalsHistogram} where ${xpTotalsHistogram.xp} > ${ownXp}), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return mine ? toEntry({ ...mine, position: mine.ahead + 1 }) : null;
}

async function thisWeek(db: Db, userId: string | null, since: Date): Promise<Rank> {
  const week = since.toISOString().slice(0, 10);
  const [rows, mine] = await Promise.all([weekBoard(db, week), userId ? weekMine(db, userId, week) : null]);
  return { period: "week", since: since.toISOString(), entries: rows.map(toEntry), me: mine };
}

/** As allTimeBoard, on xp_weekly_board_idx (week_start, xp, user_id) read backwards. */
async function weekBoard(db: Db, week: string): Promise<Row[]> {
  const [cut] = await db
    .select({ xp: xpWeekly.xp })
    .from(xpWeekly)
    .where(and(eq(xpWeekly.weekStart, week), gt(xpWeekly.xp, 0)))
    .orderBy(desc(xpWeekly.xp))
    .offset(RANK_SIZE - 1)
    .limit(1);
  return db
    .select({
      ...entryColumns,
      xp: xpWeekly.xp,
      position: sql<number>`rank() over (order by ${xpWeekly.xp} desc)`.mapWith(Number),
    })
    .from(xpWeekly)
    .innerJoin(profiles, eq(profiles.id, xpWeekly.userId))
    .where(and(eq(xpWeekly.weekStart, week), gte(xpWeekly.xp, cut?.xp ?? 1)))
    .orderBy(desc(xpWeekly.xp), asc(profiles.username))
    .limit(RANK_SIZE);
}

async function weekMine(db: Db, userId: string, week: string): Promise<RankEntry | null> {
  const [mine] = await db
    .select({
      ...entryColumns,
      xp: sql<number>`coalesce(${xpWeekly.xp}, 0)`.mapWith(Number),
      ahead:
        sql<number>`coalesce((select sum(${xpWeeklyHistogram.users}) from ${xpWeeklyHistogram} where ${xpWeeklyHistogram.weekStart} = ${week} and ${xpWeeklyHistogram.xp} > coalesce(${xpWeekly.xp}, 0)), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(profiles)
    .leftJoin(xpWeekly, and(eq(xpWeekly.userId, profiles.id), eq(xpWeekly.weekStart, week)))
    .where(eq(profiles.id, userId));
  return mine ? toEntry({ ...mine, position: mine.ahead + 1 }) : null;
}
