import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { AssignmentKind, ClassroomRole } from "@neonlab/shared/schemas/classrooms";
import { createdAt, userRef } from "../identity/accounts/columns.ts";
import { users } from "../identity/accounts/schema.ts";

/**
 * A classroom: teachers and members, joined by a code (docs/decisions/044). Closing keeps the rows (members
 * still see it was closed) but ends joining, assigning and the teachers' view of progress.
 */
export const classrooms = pgTable(
  "classrooms",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** IANA zone: a due date ends at midnight there. */
    timeZone: text("time_zone").notNull(),
    /** 10 characters of Crockford base32, normalised (no separator). */
    joinCode: text("join_code").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique("classrooms_join_code_uq").on(t.joinCode)],
);

/** Who belongs: a teacher or a member; one row per person. Leaving or removal deletes the row. */
export const classroomMembers = pgTable(
  "classroom_members",
  {
    classroomId: integer("classroom_id")
      .notNull()
      .references(() => classrooms.id, { onDelete: "cascade" }),
    userId: userRef(),
    role: text("role").$type<ClassroomRole>().notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classroomId, t.userId] }),
    index("classroom_members_user_idx").on(t.userId),
    index("classroom_members_role_idx").on(t.classroomId, t.role),
  ],
);

/** A course, chapter or guided project assigned to the classroom, with an optional due day in its zone. */
export const classroomAssignments = pgTable(
  "classroom_assignments",
  {
    id: serial("id").primaryKey(),
    classroomId: integer("classroom_id")
      .notNull()
      .references(() => classrooms.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AssignmentKind>().notNull(),
    targetId: integer("target_id").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    /** The end of due_date in the classroom's time zone, fixed when assigned. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("classroom_assignments_target_uq").on(t.classroomId, t.kind, t.targetId),
    index("classroom_assignments_classroom_idx").on(t.classroomId, sql`${t.createdAt} desc`),
  ],
);
