import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../identity/accounts/columns.ts";
import { users } from "../identity/accounts/schema.ts";

export const CONNECTION_STATUSES = ["pending", "accepted"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * One row per pair of users, whichever way the request went (the unique index on the ordered pair):
 * `pending` from sender to receiver, then `accepted`. Declined, cancelled and removed rows are deleted.
 */
export const connections = pgTable(
  "connections",
  {
    id: serial("id").primaryKey(),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: text("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<ConnectionStatus>().notNull().default("pending"),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("connections_pair_idx").on(
      sql`least(${t.senderId}, ${t.receiverId})`,
      sql`greatest(${t.senderId}, ${t.receiverId})`,
    ),
    index("connections_sender_idx").on(t.senderId, t.status),
    index("connections_receiver_idx").on(t.receiverId, t.status),
    // A user's connections a page at a time, newest first, from either side (lists.ts).
    index("connections_sender_since_idx").on(t.senderId, t.status, t.acceptedAt, t.id),
    index("connections_receiver_since_idx").on(t.receiverId, t.status, t.acceptedAt, t.id),
    check("connections_not_self", sql`${t.senderId} <> ${t.receiverId}`),
    check("connections_status", sql`${t.status} in ('pending', 'accepted')`),
  ],
);

/** `user_id` blocked `blocked_id`: hidden from them, and their requests are refused. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    userId: userRef(),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId),
    check("user_blocks_not_self", sql`${t.userId} <> ${t.blockedId}`),
  ],
);
