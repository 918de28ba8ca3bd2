import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { HackFile } from "@neonlab/shared/schemas/hacks";
import { createdAt } from "../identity/accounts/columns.ts";
import { users } from "../identity/accounts/schema.ts";

/**
 * A hack: a user's own small web project (product rules "Hacks and projects"), addressed by the owner's
 * username and a slug unique per owner. Unlisted unless the owner lists it on Explore. Goes with the account.
 */
export const hacks = pgTable(
  "hacks",
  {
    id: serial("id").primaryKey(),
    ownerId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    files: jsonb("files").$type<HackFile[]>().notNull(),
    listed: boolean("listed").notNull().default(false),
    /** The hack this one was forked from (no foreign key: a deleted original leaves forks untouched). */
    forkedFromId: integer("forked_from_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("hacks_user_slug_idx").on(t.ownerId, t.slug),
    index("hacks_user_recent_idx").on(t.ownerId, t.updatedAt),
    index("hacks_listed_idx").on(t.updatedAt).where(sql`${t.listed}`),
  ],
);

/** A slug a hack had before a rename: old links keep working (a redirect) until the owner reuses it. */
export const hackPreviousSlugs = pgTable(
  "hack_previous_slugs",
  {
    ownerId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    hackId: integer("hack_id")
      .notNull()
      .references(() => hacks.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("hack_previous_slugs_user_slug_idx").on(t.ownerId, t.slug)],
);
