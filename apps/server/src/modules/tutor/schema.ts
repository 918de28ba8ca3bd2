import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "../identity/accounts/columns.ts";

/** A conversation of one user with one lesson's tutor; goes with the account (cascade). */
export const tutorThreads = pgTable(
  "tutor_threads",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    // No foreign key into the learning module's tables (module boundaries): lessons are hidden, not deleted.
    lessonId: integer("lesson_id").notNull(),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tutor_threads_user_lesson_idx").on(t.userId, t.lessonId, t.updatedAt)],
);

/** The questions and answers of a thread, in order. `assistant`: which assistant answered (null: a question). */
export const tutorMessages = pgTable(
  "tutor_messages",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => tutorThreads.id, { onDelete: "cascade" }),
    role: text("role").$type<"user" | "assistant">().notNull(),
    assistant: text("assistant").$type<"model" | "offline">(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("tutor_messages_role_check", sql`${t.role} in ('user', 'assistant')`),
    index("tutor_messages_thread_idx").on(t.threadId, t.id),
  ],
);

/**
 * Questions answered per user and local day (`day`: YYYY-MM-DD in the user's time zone when asked). A question
 * takes one with a single conditional upsert (count < limit), and gives it back when it fails.
 */
export const tutorUsage = pgTable(
  "tutor_usage",
  {
    userId: userRef(),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check("tutor_usage_count_check", sql`${t.count} >= 0`)],
);
