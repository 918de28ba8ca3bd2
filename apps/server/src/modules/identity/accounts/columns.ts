import { text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./schema.ts";

// Column shapes every module's tables repeat.

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** The owning user; the row goes with the account (ON DELETE CASCADE). */
export const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
