import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ActivityKind } from "@neonlab/shared/schemas/progress";
import { createdAt, userRef } from "../identity/accounts/columns.ts";
import { users } from "../identity/accounts/schema.ts";

// The streak row doubles as the per-user lock for completions (SELECT … FOR UPDATE).
export const streaks = pgTable("streaks", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  count: integer("count").notNull().default(0),
  lastUpdated: date("last_updated", { mode: "string" }),
  freezeOn: boolean("freeze_on").notNull().default(false),
  frozenAt: date("frozen_at", { mode: "string" }),
  /** The IANA zone last_updated and frozen_at are local days of (null on rows from before: the profile's zone). */
  dayZone: text("day_zone"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- rank aggregates
// Kept by triggers (drizzle/0004_rank-aggregates.sql, 0005), so every writer of profiles.xp and XP ledger rows
// keeps them right: the weekly board is an index read, and an own position is a short sum over
// XP values above the user's, not a count over every user ahead.

/** XP earned per user per week (Monday 00:00 UTC), summed from the ledger's xp rows. */
export const xpWeekly = pgTable(
  "xp_weekly",
  {
    userId: userRef(),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    xp: integer("xp").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weekStart] }),
    index("xp_weekly_board_idx").on(t.weekStart, t.xp, t.userId),
  ],
);

// Histograms of users per XP value, as appended moves: an XP change adds (old XP, -1) and (new XP, +1) rows (a
// reader sums a value's rows), so concurrent completions of users on the same XP lock nothing; a fold every
// few seconds keeps one row per value (sql/rank-histograms.sql, docs/decisions/033).

/** How many users have exactly this all-time XP (profiles.xp > 0): the sum of the xp's rows. */
export const xpTotalsHistogram = pgTable(
  "xp_totals_histogram",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    xp: integer("xp").notNull(),
    users: integer("users").notNull().default(0),
  },
  (t) => [index("xp_totals_histogram_xp_idx").on(t.xp)],
);

/** How many users earned exactly this XP in the week (xp_weekly.xp > 0): the sum of its rows. */
export const xpWeeklyHistogram = pgTable(
  "xp_weekly_histogram",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    xp: integer("xp").notNull(),
    users: integer("users").notNull().default(0),
  },
  (t) => [index("xp_weekly_histogram_week_xp_idx").on(t.weekStart, t.xp)],
);

export const userActivities = pgTable(
  "user_activities",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    kind: text("kind").$type<ActivityKind>().notNull(),
    title: text("title").notNull(),
    link: text("link"),
    createdAt: createdAt(),
  },
  (t) => [index("user_activities_user_idx").on(t.userId, t.createdAt, t.id)],
);

/** The XP boost from the shop: XP given is doubled while ends_at is ahead (one row per user; buying again extends it). */
export const xpBoosts = pgTable("xp_boosts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
});

/**
 * When the server last saw the learner signed in (`seen_at`: any API request, written at most every 20 s per
 * process) and the last time it saw them before the current visit began (`seen_before_visit`: a visit is a run of
 * requests no more than VISIT_GAP_MS apart; null until a second visit). A device moment of a write made offline
 * counts for the streak only when it is later than that (presence-service.ts).
 */
export const learnerPresence = pgTable("learner_presence", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  seenBeforeVisit: timestamp("seen_before_visit", { withTimezone: true }),
});
