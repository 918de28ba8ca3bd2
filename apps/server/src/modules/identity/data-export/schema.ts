import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../accounts/columns.ts";

export type DataExportStatus = "pending" | "ready";

/**
 * Personal data exports (docs/data-export.md, decision 022): the prepared JSON file is kept here, in the
 * database (PGlite or PostgreSQL alike, shared by every instance, gone with the account), until its link
 * expires; the link carries a random token of which only the SHA-256 is stored.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    userId: userRef(),
    status: text("status").$type<DataExportStatus>().notNull().default("pending"),
    tokenHash: text("token_hash").unique(),
    /** The file (JSON text); emptied once the link expired. */
    content: text("content"),
    requestedAt: createdAt(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("data_exports_user_idx").on(t.userId, t.requestedAt)],
);
