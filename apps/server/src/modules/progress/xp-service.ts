import type { Db } from "../../db/client.ts";
import { grantScaled, type LedgerEntry } from "../wallet/service.ts";
import { xpBoostFactor } from "./boost-service.ts";

/**
 * Gives XP once per (user, reason, reference) inside the caller's transaction: a ledger row of kind
 * xp, and profiles.xp (the all-time total) moves with it. An active XP boost doubles it, decided in
 * the same INSERT (no extra statement). Returns the XP given: 0 for no XP or when already given.
 */
export async function grantXp(tx: Db, entry: LedgerEntry): Promise<number> {
  if (entry.amount <= 0) return 0;
  return grantScaled(tx, { ...entry, kind: "xp" }, xpBoostFactor(entry.userId));
}
