import type { Db } from "../../db/client.ts";
import {
  balanceOf,
  balanceRows,
  findBalance,
  grant,
  type LedgerEntry,
  type SpendResult,
  spend,
} from "./ledger/service.ts";

// NeonBits: rows of the one ledger (kind "neonbits"); the balance is their sum and never goes below 0.
// Call these inside the caller's transaction so the grant or charge commits with what caused it.

/** Adds NeonBits once per (user, reason, reference); false when that grant exists already. */
export function grantNeonBits(tx: Db, entry: LedgerEntry): Promise<boolean> {
  return grant(tx, { ...entry, kind: "neonbits" });
}

/** Charges NeonBits once per (user, reason, reference); concurrent charges of a user can not overspend. */
export function spendNeonBits(tx: Db, entry: LedgerEntry): Promise<SpendResult> {
  return spend(tx, { ...entry, kind: "neonbits" });
}

export async function getNeonBitsBalance(db: Db, userId: string): Promise<number> {
  return (await findBalance(db, userId, "neonbits")) ?? 0;
}

/** For one-statement reads of other modules (the own profile): the balance row, joined on the user id. */
export const neonbitsBalanceRows = balanceRows("neonbits");

/** The NeonBits balance as a scalar subquery (null when never had), for one-statement reads. */
export const neonbitsBalanceOf = (userId: string) => balanceOf(userId, "neonbits");

/** The ledger of every balance kind (XP, streak freezes…), for the modules that keep those balances. */
export { balanceOf, findBalance, grant, grantScaled, type LedgerEntry, record, spend } from "./ledger/service.ts";
