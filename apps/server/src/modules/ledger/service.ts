import {
  LEDGER_CURSOR,
  LEDGER_CURSOR_MESSAGE,
  LEDGER_ENTRY_KINDS,
  type LedgerEntryKind,
  type LedgerPage,
} from "@neonlab/shared/schemas/ledger";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { addXp } from "../profiles/service.ts";
import { type LedgerKind, ledger, ledgerBalances } from "./schema.ts";

// One ledger for XP, NeonBits, streak freezes and the streak's history (docs/decisions/007). Every
// change is a row, given once per (user, kind, reason, reference); a balance is the sum of its kind's
// rows, kept as a running total in the same transaction. Call these inside the caller's transaction,
// so the row commits with what caused it.

export type { LedgerKind } from "./schema.ts";
/** Kinds whose running total is a row of ledger_balances. */
export type StoredKind = "neonbits" | "streak_freeze";
/** Kinds with a balance. XP's running total is profiles.xp, where the rank reads it (drizzle/0004). */
export type BalanceKind = "xp" | StoredKind;

export type LedgerEntry = { userId: string; amount: number; reason: string; reference: string; description: string };

/** Inserts the row unless its (user, kind, reason, reference) is there already; true when inserted. */
async function insertOnce(tx: Db, entry: LedgerEntry & { kind: LedgerKind }): Promise<boolean> {
  const inserted = await tx.insert(ledger).values(entry).onConflictDoNothing().returning({ id: ledger.id });
  return inserted.length > 0;
}

async function addToBalance(tx: Db, userId: string, kind: BalanceKind, amount: number) {
  if (kind === "xp") return addXp(tx, userId, amount);
  await tx
    .insert(ledgerBalances)
    .values({ userId, kind, balance: amount })
    .onConflictDoUpdate({
      target: [ledgerBalances.userId, ledgerBalances.kind],
      set: { balance: sql`${ledgerBalances.balance} + ${amount}` },
    });
}

/** Adds a positive amount once per (user, kind, reason, reference); false when that grant exists already. */
export async function grant(tx: Db, entry: LedgerEntry & { kind: BalanceKind }): Promise<boolean> {
  if (!(entry.amount > 0)) throw new Error(`a ${entry.kind} grant needs a positive amount`);
  if (!(await insertOnce(tx, entry))) return false;
  await addToBalance(tx, entry.userId, entry.kind, entry.amount);
  return true;
}

/**
 * As grant, with the amount multiplied by `factor`, an SQL expression evaluated in the INSERT itself
 * (the XP boost: one statement, no extra read). Returns the amount given, 0 when that grant exists already.
 */
export async function grantScaled(
  tx: Db,
  entry: LedgerEntry & { kind: BalanceKind },
  factor: SQL<number>,
): Promise<number> {
  if (!(entry.amount > 0)) throw new Error(`a ${entry.kind} grant needs a positive amount`);
  const [row] = await tx
    .insert(ledger)
    .values({ ...entry, amount: sql`${entry.amount}::int * ${factor}` })
    .onConflictDoNothing()
    .returning({ amount: ledger.amount });
  if (!row) return 0;
  await addToBalance(tx, entry.userId, entry.kind, row.amount);
  return row.amount;
}

export type SpendResult = { status: "spent" | "insufficient" | "duplicate"; balance: number };

/**
 * Takes a positive amount once per (user, kind, reason, reference). The balance row is locked first,
 * so concurrent spends of a user run one after another and can never overspend.
 */
export async function spend(tx: Db, entry: LedgerEntry & { kind: StoredKind }): Promise<SpendResult> {
  if (!(entry.amount > 0)) throw new Error(`a ${entry.kind} spend needs a positive amount`);
  const { userId, kind } = entry;
  await tx.insert(ledgerBalances).values({ userId, kind, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.userId, userId), eq(ledgerBalances.kind, kind)))
    .for("update");
  const balance = row?.balance ?? 0;
  if (balance < entry.amount) return { status: "insufficient", balance };
  if (!(await insertOnce(tx, { ...entry, amount: -entry.amount }))) return { status: "duplicate", balance };
  const [updated] = await tx
    .update(ledgerBalances)
    .set({ balance: sql`${ledgerBalances.balance} - ${entry.amount}` })
    .where(and(eq(ledgerBalances.userId, userId), eq(ledgerBalances.kind, kind)))
    .returning({ balance: ledgerBalances.balance });
  return { status: "spent", balance: updated!.balance };
}

/** A history-only row (the streak's): written once per (user, kind, reason, reference); no balance moves. */
export async function record(tx: Db, entry: LedgerEntry & { kind: "streak" }): Promise<boolean> {
  return insertOnce(tx, entry);
}

/** The running total of a stored kind; null when the user has never had one. */
export async function findBalance(db: Db, userId: string, kind: StoredKind): Promise<number | null> {
  const [row] = await db
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.userId, userId), eq(ledgerBalances.kind, kind)));
  return row?.balance ?? null;
}

/** For one-statement reads of other modules (the own profile): a kind's balance row, joined on the user id. */
export const balanceRows = (kind: StoredKind) => ({
  table: ledgerBalances,
  on: (userId: AnyPgColumn) => and(eq(ledgerBalances.userId, userId), eq(ledgerBalances.kind, kind)),
  balance: ledgerBalances.balance,
});

export type LedgerRow = {
  id: number;
  kind: LedgerKind;
  reason: string;
  description: string;
  amount: number;
  createdAt: Date;
  /** created_at in microseconds since 1970 (a Date keeps milliseconds only), for keyset cursors. */
  micros: string;
};

/**
 * A user's rows of some kinds, newest first: created_at desc, then id desc. Keyset pagination: with
 * `before`, only rows after that (micros, id) position, read backwards on (user_id, created_at, id),
 * so a deep page costs the same as the first.
 */
export async function listEntries(
  db: Db,
  query: { userId: string; kinds: readonly LedgerKind[]; limit: number; before?: { micros: string; id: number } },
): Promise<LedgerRow[]> {
  const { before } = query;
  const at = before && sql`(timestamptz 'epoch' + ${before.micros}::bigint * interval '1 microsecond')`;
  return db
    .select({
      id: ledger.id,
      kind: ledger.kind,
      reason: ledger.reason,
      description: ledger.description,
      amount: ledger.amount,
      createdAt: ledger.createdAt,
      micros: sql<string>`(extract(epoch from ${ledger.createdAt}) * 1000000)::bigint::text`,
    })
    .from(ledger)
    .where(
      and(
        eq(ledger.userId, query.userId),
        inArray(ledger.kind, [...query.kinds]),
        before ? sql`(${ledger.createdAt}, ${ledger.id}) < (${at}, ${before.id}::int)` : undefined,
      ),
    )
    .orderBy(desc(ledger.createdAt), desc(ledger.id))
    .limit(query.limit);
}

/**
 * GET /api/users/ledger: a user's XP, NeonBits and streak entries (of one kind when given), newest first,
 * `limit` a page, with the NeonBits balance. `before` is the previous page's `next`: "<µs>-<id>" of its
 * last row (ids are unique across kinds, so the cursor holds whatever the kind filter).
 */
export async function getLedgerPage(
  db: Db,
  userId: string,
  query: { limit: number; before?: string; kind?: LedgerEntryKind },
): Promise<LedgerPage> {
  const { limit } = query;
  const before = query.before === undefined ? undefined : parseCursor(query.before);
  const kinds = query.kind ? [query.kind] : LEDGER_ENTRY_KINDS;
  const rows = await listEntries(db, { userId, kinds, limit: limit + 1, before });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    neonbits: (await findBalance(db, userId, "neonbits")) ?? 0,
    entries: page.map((row) => ({
      id: row.id,
      kind: row.kind as LedgerEntryKind,
      date: row.createdAt.toISOString(),
      reason: row.reason,
      description: row.description,
      amount: row.amount,
    })),
    next: rows.length > limit && last ? `${last.micros}-${last.id}` : null,
  };
}

function parseCursor(value: string) {
  const match = LEDGER_CURSOR.exec(value);
  if (!match || Number(match[2]) > 2_147_483_647) throw badRequest(LEDGER_CURSOR_MESSAGE);
  return { micros: match[1]!, id: Number(match[2]) };
}

/** A user's balance of a stored kind as a scalar subquery (null when never had), for other modules' one-statement reads. */
export const balanceOf = (userId: string, kind: StoredKind) =>
  sql<number | null>`(select ${ledgerBalances.balance} from ${ledgerBalances}
    where ${ledgerBalances.userId} = ${userId} and ${ledgerBalances.kind} = ${kind})`;
