import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, unique } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../../identity/accounts/columns.ts";

/**
 * What a ledger row counts. xp, neonbits and streak_freeze are balances (the running total is the
 * sum of the user's rows of that kind); streak rows are the streak's history only (the streak row
 * holds its state).
 */
export const LEDGER_KINDS = ["xp", "neonbits", "streak_freeze", "streak"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const kindList = sql.raw(LEDGER_KINDS.map((kind) => `'${kind}'`).join(", "));

/** Every change of XP, NeonBits, streak freezes and the streak: one row, once per (user, kind, reason, reference). */
export const ledger = pgTable(
  "ledger",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    kind: text("kind").$type<LedgerKind>().notNull(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("ledger_once_uq").on(t.userId, t.kind, t.reason, t.reference),
    // History, newest first: (user, created_at, id) read backwards, no sort.
    index("ledger_user_idx").on(t.userId, t.createdAt, t.id),
    check("ledger_kind_check", sql`${t.kind} in (${kindList})`),
  ],
);

/** Running totals of the balance kinds kept here (profiles.xp holds XP's): the sum of the ledger, never below 0. */
export const ledgerBalances = pgTable(
  "ledger_balances",
  {
    userId: userRef(),
    kind: text("kind").$type<LedgerKind>().notNull(),
    balance: integer("balance").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check("ledger_balances_non_negative", sql`${t.balance} >= 0`)],
);
