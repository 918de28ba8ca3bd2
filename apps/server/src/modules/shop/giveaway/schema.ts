import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../../identity/accounts/columns.ts";
import { users } from "../../identity/accounts/schema.ts";

/**
 * A round of the NeonBits giveaway (docs/decisions/020). seed_hash (SHA-256 of the secret seed) is
 * public from the start; the seed itself only once drawn_at is set, with the entries' hash and count.
 */
export const giveawayRounds = pgTable(
  "giveaway_rounds",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** NeonBits each winner receives. */
    prize: integer("prize").notNull(),
    winners: integer("winners").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** When set, the draw opens the next round of the same length right after this one. */
    repeatDays: integer("repeat_days"),
    seed: text("seed").notNull(),
    seedHash: text("seed_hash").notNull(),
    entriesHash: text("entries_hash"),
    entryCount: integer("entry_count"),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("giveaway_rounds_ends_idx").on(t.endsAt, t.id),
    check("giveaway_rounds_prize_positive", sql`${t.prize} > 0`),
    check("giveaway_rounds_winners_positive", sql`${t.winners} > 0`),
    check("giveaway_rounds_span", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One entry per user per round; the ticket is the entry's public name in the entries list. */
export const giveawayEntries = pgTable(
  "giveaway_entries",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => giveawayRounds.id, { onDelete: "cascade" }),
    userId: userRef(),
    ticket: text("ticket").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.userId] }),
    unique("giveaway_entries_ticket_uq").on(t.roundId, t.ticket),
    // The published ticket list's order (byte order, whatever the database's collation): its keyset pages.
    index("giveaway_entries_ticket_order_idx").on(t.roundId, sql`${t.ticket} collate "C"`),
  ],
);

/** The drawn winners, in draw order (position 1 first). */
export const giveawayWinners = pgTable(
  "giveaway_winners",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => giveawayRounds.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    ticket: text("ticket").notNull(),
    /** Null once the winner deleted their account (the ticket stays, for verification). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.position] })],
);
