import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { NotificationKind } from "@neonlab/shared/realtime";
import { createdAt, userRef } from "../identity/accounts/columns.ts";
import { users } from "../identity/accounts/schema.ts";

/**
 * A user's notifications. Newest first is `id` descending: the list is a keyset read of
 * notifications_user_idx, never an OFFSET. `subject` names what it is about (`user:<id>`, `badge:3`).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    kind: text("kind").$type<NotificationKind>().notNull(),
    subject: text("subject").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Ascending: read backwards it serves ORDER BY id DESC (a DESC NULLS LAST index would not).
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_actor_idx").on(t.actorId),
  ],
);

/** Exact totals per user, changed in the transaction of every insert, delete and read (no count(*)). */
export const notificationCounters = pgTable("notification_counters", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  total: integer("total").notNull().default(0),
  unread: integer("unread").notNull().default(0),
});

/** Settings → Notifications: kinds switched off, and "pause all". No row: everything on. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  paused: boolean("paused").notNull().default(false),
  disabled: jsonb("disabled").$type<NotificationKind[]>().notNull().default(sql`'[]'::jsonb`),
});

/** When a user was last notified of a kind about a subject: at most one per hour (an atomic upsert). */
export const notificationThrottle = pgTable(
  "notification_throttle",
  {
    userId: userRef(),
    kind: text("kind").$type<NotificationKind>().notNull(),
    subject: text("subject").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.subject] })],
);
