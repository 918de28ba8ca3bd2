import type { Db } from "../../db/client.ts";
import { addXp } from "../profiles/service.ts";
import { xpEvents } from "./schema.ts";

export type XpGrant = { userId: string; amount: number; reason: string; reference: string; description: string };

/**
 * Gives XP once per (user, reason, reference) inside the caller's transaction: the history row's
 * unique key decides, and profiles.xp (the all-time total) moves with it.
 */
export async function grantXp(tx: Db, grant: XpGrant): Promise<boolean> {
  if (grant.amount <= 0) return false;
  const inserted = await tx.insert(xpEvents).values(grant).onConflictDoNothing().returning({ id: xpEvents.id });
  if (inserted.length === 0) return false;
  await addXp(tx, grant.userId, grant.amount);
  return true;
}
