import { z } from "zod";
import { entityId as id, isoDate, isoDateTime, text } from "./common.ts";

// Classrooms: a teacher (any user with access) gathers learners by a join code and assigns courses, chapters
// and guided projects; teachers see each member's progress on what was assigned, only while they belong.

export const CLASSROOM_NAME_MAX = 80;
/** Join codes: 10 characters of Crockford's base32 (50 bits), shown as XXXXX-XXXXX. */
export const JOIN_CODE_LENGTH = 10;
export const JOIN_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Join attempts per user per window (the app's rate limiter). */
export const CLASSROOM_JOIN_LIMIT = { max: 10, windowSeconds: 600 } as const;
export const ASSIGNMENT_KINDS = ["course", "chapter", "project"] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];
export const CLASSROOM_ROLES = ["teacher", "member"] as const;
export type ClassroomRole = (typeof CLASSROOM_ROLES)[number];

/** A typed or pasted code as the server compares it: upper case, no separators, look-alikes folded. */
export function normalizeJoinCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1").replace(/U/g, "V");
}

/** XXXXX-XXXXX: how a code is shown. */
export const formatJoinCode = (code: string) => (code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code);

/** Whether a time zone name is one the runtime knows (IANA, e.g. "Europe/Berlin"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZoneSchema = z
  .string({ error: "The time zone must be text" })
  .max(64, "The time zone must be at most 64 characters")
  .refine(isTimeZone, { error: "The time zone is not one we know (e.g. Europe/Berlin)" });

const calendarDay = z
  .string({ error: "The due date must be a date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "The due date must look like 2026-12-31")
  .refine((day) => {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return y >= 2000 && y <= 2100 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, "The due date is not a day of the calendar");

export const createClassroomInputSchema = z.object({
  name: text("The name", CLASSROOM_NAME_MAX),
  time_zone: timeZoneSchema.default("UTC"),
});
export type CreateClassroomInput = z.input<typeof createClassroomInputSchema>;

export const joinClassroomInputSchema = z.object({
  code: z
    .string({ error: "The join code must be text" })
    .max(40, "The join code must be at most 40 characters")
    .transform(normalizeJoinCode)
    .refine((c) => c.length === JOIN_CODE_LENGTH, "A join code has 10 characters"),
});

export const createAssignmentInputSchema = z.object({
  kind: z.enum(ASSIGNMENT_KINDS, { error: "The kind is course, chapter or project" }),
  id: id.positive("The id must be positive").max(2_147_483_647, "The id is too large"),
  due_date: calendarDay.nullable().optional(),
});
export type CreateAssignmentInput = z.input<typeof createAssignmentInputSchema>;

export const addTeacherInputSchema = z.object({
  username: text("The username", 60),
});

const person = z.object({
  user_id: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
});
export type ClassroomPerson = z.infer<typeof person>;

export const assignmentSchema = z.object({
  id,
  kind: z.enum(ASSIGNMENT_KINDS),
  target_id: id,
  title: z.string(),
  /** The course's title for a chapter; null otherwise. */
  context: z.string().nullable(),
  path: z.string(),
  premium: z.boolean(),
  due_date: isoDate.nullable(),
  /** When it is due: the end of due_date in the classroom's time zone. */
  due_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const classroomSummarySchema = z.object({
  id,
  name: z.string(),
  time_zone: z.string(),
  role: z.enum(CLASSROOM_ROLES),
  closed: z.boolean(),
  teachers: z.array(person),
  member_count: z.number().int(),
  assignment_count: z.number().int(),
  created_at: isoDateTime,
});
export type ClassroomSummary = z.infer<typeof classroomSummarySchema>;

export const classroomListSchema = z.object({
  teaching: z.array(classroomSummarySchema),
  member_of: z.array(classroomSummarySchema),
});
export type ClassroomList = z.infer<typeof classroomListSchema>;

export const classroomDetailSchema = classroomSummarySchema.extend({
  /** The join code: teachers only. */
  join_code: z.string().nullable(),
  assignments: z.array(assignmentSchema),
  /** Members (teachers only; a member sees the teachers alone). */
  members: z.array(person.extend({ joined_at: isoDateTime, has_access: z.boolean() })).nullable(),
});
export type ClassroomDetail = z.infer<typeof classroomDetailSchema>;

export const joinCodeSchema = z.object({ join_code: z.string() });

export const assignmentCreatedSchema = z.object({
  assignment: assignmentSchema,
  /** Premium content: the members who can not open it yet (no access). */
  members_without_access: z.array(person),
});

export const PROGRESS_STATUSES = ["on_time", "late", "overdue", "open"] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** One member's standing on one assignment. */
export const progressCellSchema = z.object({
  assignment_id: id,
  done: z.number().int(),
  total: z.number().int(),
  last_activity_at: isoDateTime.nullable(),
  /** Share of quizzes answered right on the first try, 0–1; null when none answered. */
  quiz_first_try: z.number().nullable(),
  finished_at: isoDateTime.nullable(),
  /** on_time: finished by the due time (or none); late: finished after it; overdue: unfinished past it. */
  status: z.enum(PROGRESS_STATUSES),
  no_access: z.boolean(),
});
export type ProgressCell = z.infer<typeof progressCellSchema>;

export const classroomProgressSchema = z.object({
  classroom_id: id,
  assignments: z.array(assignmentSchema),
  members: z.array(
    person.extend({
      joined_at: isoDateTime,
      has_access: z.boolean(),
      last_activity_at: isoDateTime.nullable(),
      cells: z.array(progressCellSchema),
    }),
  ),
});
export type ClassroomProgress = z.infer<typeof classroomProgressSchema>;

/** The assignments of the caller's classrooms, for the courses page's "Assigned" marks. */
export const myAssignmentsSchema = z.array(assignmentSchema.extend({ classroom_id: id, classroom_name: z.string() }));
export type MyAssignment = z.infer<typeof myAssignmentsSchema>[number];

/** The CSV's columns, in order (the dashboard's). */
export const PROGRESS_CSV_COLUMNS = [
  "member",
  "username",
  "assignment",
  "kind",
  "due_date",
  "lessons_done",
  "lessons_total",
  "last_activity",
  "quiz_first_try_accuracy",
  "status",
] as const;
