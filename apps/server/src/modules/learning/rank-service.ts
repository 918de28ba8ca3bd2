import { and, asc, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Rank, RankEntry, RankPeriod } from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import { profiles } from "../profiles/schema.ts";
import { xpEvents } from "./schema.ts";

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

/** Top 50 by XP (all time, or since Monday 00:00 UTC) and the caller's own row; equal XP share a position. */
export async function getRank(db: Db, period: RankPeriod, userId: string | null, now = new Date()): Promise<Rank> {
  return period === "all" ? allTime(db, userId) : thisWeek(db, userId, weekStart(now));
}

async function allTime(db: Db, userId: string | null): Promise<Rank> {
  const rows = await db
    .select({
      userId: profiles.id,
      username: profiles.username,
      displayName: profiles.displayName,
      avatar: profiles.avatar,
      xp: profiles.xp,
      position: sql<number>`rank() over (order by ${profiles.xp} desc)`.mapWith(Number),
    })
    .from(profiles)
    .where(gt(profiles.xp, 0))
    .orderBy(desc(profiles.xp), asc(profiles.username))
    .limit(RANK_SIZE);
  let me: RankEntry | null = null;
  if (userId) {
    const [mine] = await db
      .select({
        userId: profiles.id,
        username: profiles.username,
        displayName: profiles.displayName,
        avatar: profiles.avatar,
        xp: profiles.xp,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (mine) {
      const [ahead] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(profiles)
        .where(gt(profiles.xp, mine.xp));
      me = toEntry({ ...mine, position: ahead.n + 1 });
    }
  }
  return { period: "all", since: null, entries: rows.map(toEntry), me };
}

async function thisWeek(db: Db, userId: string | null, since: Date): Promise<Rank> {
  const weekly = db
    .select({ userId: xpEvents.userId, xp: sql<number>`sum(${xpEvents.amount})::int`.as("week_xp") })
    .from(xpEvents)
    .where(gte(xpEvents.createdAt, since))
    .groupBy(xpEvents.userId)
    .as("weekly");
  const rows = await db
    .select({
      userId: profiles.id,
      username: profiles.username,
      displayName: profiles.displayName,
      avatar: profiles.avatar,
      xp: sql<number>`${weekly.xp}`.mapWith(Number),
      position: sql<number>`rank() over (order by ${weekly.xp} desc)`.mapWith(Number),
    })
    .from(weekly)
    .innerJoin(profiles, eq(profiles.id, weekly.userId))
    .where(gt(weekly.xp, 0))
    .orderBy(desc(weekly.xp), asc(profiles.username))
    .limit(RANK_SIZE);
  let me: RankEntry | null = null;
  if (userId) {
    const [profile] = await db
      .select({ username: profiles.username, displayName: profiles.displayName, avatar: profiles.avatar })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (profile) {
      const [mine] = await db
        .select({ xp: sql<number>`coalesce(sum(${xpEvents.amount}), 0)::int`.mapWith(Number) })
        .from(xpEvents)
        .where(and(eq(xpEvents.userId, userId), gte(xpEvents.createdAt, since)));
      const [ahead] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(weekly)
        .where(gt(weekly.xp, mine.xp));
      me = toEntry({ userId, ...profile, xp: mine.xp, position: ahead.n + 1 });
    }
  }
  return { period: "week", since: since.toISOString(), entries: rows.map(toEntry), me };
}
