import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { VOTE_ITEM_KINDS, type VoteItemKind } from "@neonlab/shared/schemas/votes";
import { createdAt, userRef } from "../../identity/accounts/columns.ts";

const kindList = sql.raw(VOTE_ITEM_KINDS.map((kind) => `'${kind}'`).join(", "));

/**
 * One vote per user per item (the key), changeable: stars 1–5 for courses and projects, +1 / −1 for blogs
 * (up / down). The item's module checks the item exists; this table knows only its kind and id.
 */
export const votes = pgTable(
  "votes",
  {
    userId: userRef(),
    itemKind: text("item_kind").$type<VoteItemKind>().notNull(),
    itemId: integer("item_id").notNull(),
    value: integer("value").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemKind, t.itemId, t.userId] }),
    // A user's votes (account deletion, the data export).
    index("votes_user_idx").on(t.userId),
    check("votes_kind_check", sql`${t.itemKind} in (${kindList})`),
    check(
      "votes_value_check",
      sql`(${t.itemKind} = 'blog' and ${t.value} in (-1, 1)) or (${t.itemKind} <> 'blog' and ${t.value} between 1 and 5)`,
    ),
  ],
);

/**
 * Per item: how many votes and their sum, kept by a trigger on votes (drizzle/0011) for every insert, change
 * and delete (an account's votes go with it), so a card's average is one row, not a scan of the votes.
 */
export const voteTotals = pgTable(
  "vote_totals",
  {
    itemKind: text("item_kind").$type<VoteItemKind>().notNull(),
    itemId: integer("item_id").notNull(),
    votes: integer("votes").notNull().default(0),
    total: integer("total").notNull().default(0),
    ups: integer("ups").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemKind, t.itemId] })],
);
