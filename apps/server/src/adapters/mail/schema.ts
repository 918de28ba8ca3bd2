import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Dev outbox: mails kept locally when no SMTP_URL is configured. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.id)],
);
