import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client.ts";
import { learnerPresence, streaks } from "./schema.ts";

/** Puts the streak in a given state (as if days had passed). */
export async function setStreak(
  db: Db,
  userId: string,
  state: {
    count: number;
    lastUpdated: string | null;
    freezeOn?: boolean;
    frozenAt?: string | null;
    dayZone?: string | null;
  },
) {
  await db.insert(streaks).values({ userId }).onConflictDoNothing();
  await db
    .update(streaks)
    .set({ freezeOn: false, frozenAt: null, dayZone: null, ...state })
    .where(eq(streaks.userId, userId));
}

/** A calendar day `n` days from today in UTC (test users are on UTC). */
export const utcDay = (n = 0) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The learner's presence row (undefined before their first signed-in request). */
export async function presenceOf(db: Db, userId: string) {
  const [row] = await db.select().from(learnerPresence).where(eq(learnerPresence.userId, userId));
  return row;
}

/** Puts the learner's presence in a given state (as if last seen signed in at `seenAt`). */
export async function setPresence(db: Db, userId: string, seenAt: Date, seenBeforeVisit: Date | null = null) {
  await db
    .insert(learnerPresence)
    .values({ userId, seenAt, seenBeforeVisit })
    .onConflictDoUpdate({ target: learnerPresence.userId, set: { seenAt, seenBeforeVisit } });
}

/** Waits for the presence write of a signed-in request made at or after `since` (the request does not wait for it). */
export async function presenceWritten(db: Db, userId: string, since: Date) {
  await expect
    .poll(async () => (await presenceOf(db, userId))?.seenAt.getTime() ?? 0, { timeout: 5000, interval: 20 })
    .toBeGreaterThanOrEqual(since.getTime());
}
