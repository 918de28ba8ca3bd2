import { and, eq, gt, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { streaks, xpBoosts } from "./schema.ts";

/** While a user's XP boost is active, XP given is multiplied by this (product rules). */
export const XP_BOOST_MULTIPLIER = 2;

/**
 * The XP factor of a user as an SQL expression, folded into the statement that writes the XP row
 * (grantXp): no extra round trip on the completion path. now() is the transaction's start.
 */
export const xpBoostFactor = (userId: string | Placeholder) =>
  sql<number>`(case when exists (select 1 from ${xpBoosts} where ${xpBoosts.userId} = ${userId}
    and ${xpBoosts.endsAt} > now()) then ${XP_BOOST_MULTIPLIER}::int else 1 end)`;

/** The end of the user's active boost, or null. */
export async function activeXpBoost(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: xpBoosts.endsAt })
    .from(xpBoosts)
    .where(and(eq(xpBoosts.userId, userId), gt(xpBoosts.endsAt, sql`now()`)));
  return row?.endsAt ?? null;
}

/**
 * For one-statement reads of other modules (the shop): the user's owned freezes (the starter freeze
 * counts before it is given), whether one is on the streak, and the active boost's end.
 */
export const inventoryColumns = (userId: string) => ({
  freezesOwned: sql<number>`freezes_owned(${userId}::text)`.mapWith(Number),
  freezeOn: sql<boolean>`coalesce((select ${streaks.freezeOn} from ${streaks} where ${streaks.userId} = ${userId}), false)`,
  boostEndsAt: sql<string | null>`(select ${xpBoosts.endsAt} from ${xpBoosts} where ${xpBoosts.userId} = ${userId}
    and ${xpBoosts.endsAt} > now())`,
});
