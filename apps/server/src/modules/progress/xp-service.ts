import type { Db } from "../../db/client.ts";
import { grant, type LedgerEntry } from "../ledger/service.ts";

/**
 * Gives XP once per (user, reason, reference) inside the caller's transaction: a ledger row of kind
 * xp, and profiles.xp (the all-time total) moves with it. False for no XP or when already given.
 */
export async function grantXp(tx: Db, entry: LedgerEntry): Promise<boolean> {
  if (entry.amount <= 0) return false;
  return grant(tx, { ...entry, kind: "xp" });
}
