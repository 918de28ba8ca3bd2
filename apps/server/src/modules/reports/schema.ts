import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { REPORT_KINDS, REPORT_STATUSES, type ReportKind, type ReportStatus } from "@neonlab/shared/schemas/reports";
import { createdAt } from "../identity/accounts/columns.ts";
import { users } from "../identity/accounts/schema.ts";

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A problem reported with the app or a lesson. The reporter's id goes when their account does (the report
 * stays for the moderators, without who sent it); a lesson report keeps the lesson id even if the lesson
 * is removed from the content later.
 */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").$type<ReportKind>().notNull(),
    lessonId: integer("lesson_id"),
    cause: text("cause").notNull(),
    description: text("description").notNull(),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reports_kind_check", sql`${t.kind} in (${list(REPORT_KINDS)})`),
    check("reports_status_check", sql`${t.status} in (${list(REPORT_STATUSES)})`),
    check("reports_lesson_check", sql`(${t.kind} = 'lesson') = (${t.lessonId} is not null)`),
    // The moderators' queues: one kind, optionally one status, newest first.
    index("reports_queue_idx").on(t.kind, t.id),
    index("reports_queue_status_idx").on(t.kind, t.status, t.id),
    index("reports_reporter_idx").on(t.reporterId, t.id),
  ],
);
