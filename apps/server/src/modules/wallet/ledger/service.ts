import {
  LEDGER_CURSOR,
  LEDGER_CURSOR_MESSAGE,
  LEDGER_ENTRY_KINDS,
  type LedgerEntryKind,
  type LedgerPage,
} from "@neonlab/shared/schemas/ledger";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { badRequest } from "../../../errors.ts";
import { type LedgerKind, ledger, ledgerBalances } from "./schema.ts";

// One ledger for XP, NeonBits, streak freezes and the streak's history (docs/decisions/007). Its rule — every
// change a row, given once per (user, kind, reason, reference), a balance moved only by a new row and never below
// 0 — is the SQL of sql/grant-and-spend.sql; these are its typed calls. Call them inside the caller's
// transaction, so the row commits with what caused it.

export type { LedgerKind } from "./schema.ts";
/** Kinds whose running total is a row of ledger_balances. */
export type StoredKind = "neonbits" | "streak_freeze";
/** Kinds with a balance. XP's running total is profiles.xp, where the rank reads it (drizzle/0004). */
export type BalanceKind = "xp" | StoredKind;

export type LedgerEntry = { userId: string; amount: number; reason: string; reference: string; description: string };

/** The arguments of the ledger's functions, in their order; `amount` may be an SQL expression. */
const ledgerArgs = (entry: LedgerEntry & { kind: LedgerKind }, amount: SQL = sql`${entry.amount}::int`) =>
  sql.join(
    [
      sql`${entry.userId}::text`,
      sql`${entry.kind}::text`,
      amount,
      sql`${entry.reason}::text`,
      sql`${entry.reference}::text`,
      sql`${entry.description}::text`,
    ],
    sql`, `,
  );

/** Adds a positive amount once per (user, kind, reason, reference); false when that grant exists already. */
export async function grant(tx: Db, entry: LedgerEntry & { kind: BalanceKind }): Promise<boolean> {
  const [row] = await tx.select({ given: sql<boolean>`given` }).from(sql`ledger_grant(${ledgerArgs(entry)}) as given`);
  return row!.given;
}

/**
 * As grant, with the amount multiplied by `factor`, an SQL expression evaluated in the same statement (the XP
 * boost: no extra read). Returns the amount given, 0 when that grant exists already.
 */
export async function grantScaled(
  tx: Db,
  entry: LedgerEntry & { kind: BalanceKind },
  factor: SQL<number>,
): Promise<number> {
  const [row] = await tx
    .select({
      given: sql<number>`case when ledger_grant(${ledgerArgs(entry, sql`s.amount`)}) then s.amount else 0 end`,
    })
    .from(sql`(select ${entry.amount}::int * ${factor} as amount) s`);
  return row!.given;
}

export type SpendResult = { status: "spent" | "insufficient" | "duplicate"; balance: number };

/**
 * Takes a positive amount once per (user, kind, reason, reference), under the balance row's lock, so
 * concurrent spends of a user run one after another and can never overspend.
 */
export async function spend(tx: Db, entry: LedgerEntry & { kind: StoredKind }): Promise<SpendResult> {
  const [row] = await tx
    .select({ status: sql<SpendResult["status"]>`status`, balance: sql<number>`balance` })
    .from(sql`ledger_spend(${ledgerArgs(entry)})`);
  return { status: row!.status, balance: row!.balance };
}

/** A history-only row (the streak's): written once per (user, kind, reason, reference); no balance moves. */
export async function record(tx: Db, entry: LedgerEntry & { kind: "streak" }): Promise<boolean> {
  const [row] = await tx
    .select({ written: sql<boolean>`written` })
    .from(sql`ledger_row_once(${ledgerArgs(entry)}) as written`);
  return row!.written;
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
