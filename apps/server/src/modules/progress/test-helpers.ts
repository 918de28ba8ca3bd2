import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { streaks } from "./schema.ts";

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
