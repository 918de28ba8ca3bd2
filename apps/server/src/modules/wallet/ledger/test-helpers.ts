import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../../db/client.ts";
import type { RunInTransaction } from "../../../transaction.ts";
import { findBalance, grant, spend, type StoredKind } from "./service.ts";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A user's balances as kept (running totals) and as summed from the ledger, per balance kind. */
export async function books(db: Db, userId: string) {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select xp from profiles where id = ${userId}) as xp,
      (select coalesce(sum(amount), 0)::int from ledger where user_id = ${userId} and kind = 'xp') as xp_sum,
      (select coalesce(max(balance), 0) from ledger_balances where user_id = ${userId} and kind = 'neonbits') as neonbits,
      (select coalesce(sum(amount), 0)::int from ledger where user_id = ${userId} and kind = 'neonbits') as neonbits_sum,
      (select coalesce(max(balance), 0) from ledger_balances where user_id = ${userId} and kind = 'streak_freeze') as freezes,
      (select coalesce(sum(amount), 0)::int from ledger where user_id = ${userId} and kind = 'streak_freeze') as freezes_sum`),
  );
  return {
    xp: Number(row!.xp ?? 0),
    neonbits: Number(row!.neonbits),
    freezes: Number(row!.freezes),
    sums: { xp: Number(row!.xp_sum), neonbits: Number(row!.neonbits_sum), freezes: Number(row!.freezes_sum) },
  };
}

/** Every balance equals the sum of its ledger rows and none is negative; returns the balances. */
export async function expectBooksBalance(db: Db, userId: string) {
  const b = await books(db, userId);
  expect({ xp: b.xp, neonbits: b.neonbits, freezes: b.freezes }).toEqual(b.sums);
  expect(Math.min(b.xp, b.neonbits, b.freezes)).toBeGreaterThanOrEqual(0);
  return b;
}

/** Gives a user some of a stored kind (as a shop purchase or a giveaway would), in its own transaction. */
export async function give(
  transaction: RunInTransaction,
  userId: string,
  kind: StoredKind,
  amount: number,
  reference = "test",
) {
  await transaction(({ db: tx }) =>
    grant(tx, { userId, kind, amount, reason: "test_grant", reference, description: "test" }),
  );
}

/** Brings a stored balance to `target` with ledger rows (as if the user had bought or used some). */
export async function setBalance(transaction: RunInTransaction, userId: string, kind: StoredKind, target: number) {
  await transaction(async ({ db: tx }) => {
    const entry = { userId, kind, description: "test", reference: randomUUID() };
    // A first grant opens the balance row (so nothing counts as "never had any" afterwards).
    if ((await findBalance(tx, userId, kind)) === null) await grant(tx, { ...entry, reason: "test_open", amount: 1 });
    const change = target - ((await findBalance(tx, userId, kind)) ?? 0);
    if (change > 0) await grant(tx, { ...entry, reason: "test_set", amount: change });
    if (change < 0) await spend(tx, { ...entry, reason: "test_set", amount: -change });
  });
}
