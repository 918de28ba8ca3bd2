import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema.ts";

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const clientErrors = pgTable(
  "client_errors",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id"),
    message: text("message").notNull(),
    stack: text("stack"),
    path: text("path"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_errors_created_at_idx").on(t.createdAt)],
);
