import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { EditorPreferences } from "@neonlab/shared/schemas/profile";
import type { Role } from "@neonlab/shared/constants";
import { users } from "../accounts/schema.ts";

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    username: text("username").notNull().unique(),
    bio: text("bio"),
    skills: jsonb("skills").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    location: text("location"),
    workPlace: text("work_place"),
    githubLink: text("github_link"),
    twitterLink: text("twitter_link"),
    linkedinLink: text("linkedin_link"),
    youtubeLink: text("youtube_link"),
    patreonLink: text("patreon_link"),
    buyMeACoffeLink: text("buy_me_a_coffe_link"),
    avatar: text("avatar"),
    notifications: boolean("notifications").notNull().default(true),
    editorPreferences: jsonb("editor_preferences").$type<EditorPreferences>().notNull(),
    role: text("role").$type<Role>().notNull().default("user"),
    accessGranted: boolean("access_granted").notNull().default(false),
    /** Access paid by a subscription (set by the payments module from provider events only). */
    paidAccess: boolean("paid_access").notNull().default(false),
    /** When paid access ends (a subscription cancelled at period end); null: while the subscription lasts. */
    paidAccessUntil: timestamp("paid_access_until", { withTimezone: true }),
    timeZone: text("time_zone").notNull().default("UTC"),
    xp: integer("xp").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Finding people by the start of a username or display name (connections/search.ts): in the "C" collation a
    // prefix is one range of the index whatever the database's locale.
    index("profiles_username_search_idx").on(sql`(${t.username} collate "C")`),
    index("profiles_display_name_search_idx").on(sql`(lower(${t.displayName}) collate "C")`, t.id),
  ],
);

export type ProfileRow = typeof profiles.$inferSelect;

/**
 * Usernames a user had before (a username change): old /profile/, /connections/ and /hack/ links redirect to
 * the current one. For USERNAME_RESERVED_DAYS after `changedAt` the name is reserved for that user; after
 * that, a name someone now uses is theirs, and one held here is only a fallback.
 */
export const previousUsernames = pgTable(
  "previous_usernames",
  {
    username: text("username").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("previous_usernames_user_idx").on(t.userId)],
);
