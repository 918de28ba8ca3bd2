import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";

// NeonBits: every change is a ledger row; the balance row is its running sum and can not go negative.
export const neonbitsLedger = pgTable(
  "neonbits_ledger",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("neonbits_ledger_once_uq").on(t.userId, t.reason, t.reference),
    index("neonbits_ledger_user_idx").on(t.userId, t.createdAt, t.id),
  ],
);

export const neonbitsBalances = pgTable(
  "neonbits_balances",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
  },
  (t) => [check("neonbits_balances_non_negative", sql`${t.balance} >= 0`)],
);
