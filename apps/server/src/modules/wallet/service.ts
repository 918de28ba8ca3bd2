import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { neonbitsBalances, neonbitsLedger } from "./schema.ts";

// NeonBits wallet: the ledger is the truth, the balance row its running sum (CHECK balance >= 0).
// Call these inside the caller's transaction so the grant or charge commits with what caused it.

export type LedgerEntry = { userId: string; amount: number; reason: string; reference: string; description: string };

/** Adds NeonBits once per (user, reason, reference); returns false when that grant already exists. */
export async function grantNeonBits(tx: Db, entry: LedgerEntry): Promise<boolean> {
  if (entry.amount <= 0) throw new Error("grantNeonBits needs a positive amount");
  const inserted = await tx
    .insert(neonbitsLedger)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: neonbitsLedger.id });
  if (inserted.length === 0) return false;
  await tx
    .insert(neonbitsBalances)
    .values({ userId: entry.userId, balance: entry.amount })
    .onConflictDoUpdate({
      target: neonbitsBalances.userId,
      set: { balance: sql`${neonbitsBalances.balance} + ${entry.amount}` },
    });
  return true;
}

export type SpendResult =
  | { status: "spent"; balance: number }
  | { status: "insufficient" | "duplicate"; balance: number };

/**
 * Charges NeonBits once per (user, reason, reference). The balance row is locked first, so
 * concurrent purchases are serialised and can never overspend.
 */
export async function spendNeonBits(tx: Db, entry: LedgerEntry): Promise<SpendResult> {
  if (entry.amount <= 0) throw new Error("spendNeonBits needs a positive amount");
  await tx.insert(neonbitsBalances).values({ userId: entry.userId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: neonbitsBalances.balance })
    .from(neonbitsBalances)
    .where(eq(neonbitsBalances.userId, entry.userId))
    .for("update");
  const balance = row?.balance ?? 0;
  if (balance < entry.amount) return { status: "insufficient", balance };
  const inserted = await tx
    .insert(neonbitsLedger)
    .values({ ...entry, amount: -entry.amount })
    .onConflictDoNothing()
    .returning({ id: neonbitsLedger.id });
  if (inserted.length === 0) return { status: "duplicate", balance };
  const [updated] = await tx
    .update(neonbitsBalances)
    .set({ balance: sql`${neonbitsBalances.balance} - ${entry.amount}` })
    .where(eq(neonbitsBalances.userId, entry.userId))
    .returning({ balance: neonbitsBalances.balance });
  return { status: "spent", balance: updated.balance };
}

export async function getNeonBitsBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: neonbitsBalances.balance })
    .from(neonbitsBalances)
    .where(eq(neonbitsBalances.userId, userId));
  return row?.balance ?? 0;
}

/** For one-statement reads of other modules (the own profile): the balance row, joined on the user id. */
export const neonbitsBalanceRows = {
  table: neonbitsBalances,
  on: (userId: AnyPgColumn) => eq(neonbitsBalances.userId, userId),
  balance: neonbitsBalances.balance,
};

/** The NeonBits ledger, for the merged XP/NeonBits/streak history read (progress). */
export const neonbitsHistoryRows = neonbitsLedger;
