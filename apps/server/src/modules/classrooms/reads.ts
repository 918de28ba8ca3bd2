// Classrooms' reads and who may do what: the classroom as each role sees it (docs/decisions/044).
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  type Assignment,
  type ClassroomDetail,
  type ClassroomList,
  type ClassroomPerson,
  type ClassroomRole,
  type ClassroomSummary,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  type MyAssignment,
} from "@neonlab/shared/schemas/classrooms";
import type { Db } from "../../db/client.ts";
import { conflict, forbidden, notFound } from "../../errors.ts";
import { accessColumns, hasAccess, isUniqueViolation, profileRows } from "../identity/service.ts";
import { assignableUnits } from "../learning/service.ts";
import { assignableProjects } from "../projects/service.ts";
import { classroomAssignments, classroomMembers, classrooms } from "./schema.ts";

export const CLASSROOM_MESSAGES = {
  notFound: "There is no such classroom.",
  needsAccess: "Creating a classroom needs Pro (or access granted by an admin).",
  teachersOnly: "Only the classroom's teachers can do that.",
  closed: "This classroom is closed.",
  noCode: "No open classroom has this join code. Check it with your teacher.",
  alreadyTeacher: "You teach this classroom already.",
  lastTeacher: "You are its only teacher: close the classroom instead.",
  alreadyAssigned: "This is assigned to the classroom already.",
  notMember: "That person is not in this classroom.",
  noSuchUser: "There is no user with that username.",
  assignmentNotFound: "There is no such assignment.",
  noProject: "There is no such guided project.",
} as const;

export type ClassroomRow = typeof classrooms.$inferSelect;

// ---------------------------------------------------------------- codes

/** A fresh join code: 10 characters of Crockford base32, 50 random bits (32 divides 256: no bias). */
export function newJoinCode(): string {
  return [...randomBytes(JOIN_CODE_LENGTH)].map((b) => JOIN_CODE_ALPHABET[b & 31]).join("");
}

/** Runs `write` with fresh codes until one is unused (a clash of 50-bit codes is all but impossible). */
export async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(newJoinCode());
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

// ---------------------------------------------------------------- who may do what

type Standing = { classroom: ClassroomRow; role: ClassroomRole };

/** The classroom and the caller's role in it; 404 for anyone who does not belong (staff included). */
export async function standingIn(db: Db, classroomId: number, userId: string): Promise<Standing> {
  const [row] = await db
    .select({ classroom: classrooms, role: classroomMembers.role })
    .from(classroomMembers)
    .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
    .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
  if (!row) throw notFound(CLASSROOM_MESSAGES.notFound);
  return row;
}

export async function asTeacher(
  db: Db,
  classroomId: number,
  userId: string,
  { open = true } = {},
): Promise<ClassroomRow> {
  const { classroom, role } = await standingIn(db, classroomId, userId);
  if (role !== "teacher") throw forbidden(CLASSROOM_MESSAGES.teachersOnly);
  if (open && classroom.closedAt) throw conflict(CLASSROOM_MESSAGES.closed);
  return classroom;
}

// ---------------------------------------------------------------- reads

export const personColumns = {
  user_id: profileRows.card.userId,
  username: profileRows.card.username,
  display_name: profileRows.card.displayName,
  avatar: profileRows.card.avatar,
};

async function peopleOf(db: Db, classroomIds: number[], role: ClassroomRole) {
  if (classroomIds.length === 0) return [];
  return db
    .select({ classroomId: classroomMembers.classroomId, joinedAt: classroomMembers.joinedAt, ...personColumns })
    .from(classroomMembers)
    .innerJoin(profileRows.table, eq(profileRows.card.userId, classroomMembers.userId))
    .where(and(inArray(classroomMembers.classroomId, classroomIds), eq(classroomMembers.role, role)))
    .orderBy(asc(classroomMembers.joinedAt), asc(profileRows.card.username));
}

export const person = (p: ClassroomPerson): ClassroomPerson => ({
  user_id: p.user_id,
  username: p.username,
  display_name: p.display_name,
  avatar: p.avatar,
});

async function summaries(db: Db, rows: { classroom: ClassroomRow; role: ClassroomRole }[]) {
  const ids = rows.map((r) => r.classroom.id);
  if (ids.length === 0) return [];
  const [teachers, memberCounts, assignmentCounts] = await Promise.all([
    peopleOf(db, ids, "teacher"),
    db
      .select({ id: classroomMembers.classroomId, n: count() })
      .from(classroomMembers)
      .where(and(inArray(classroomMembers.classroomId, ids), eq(classroomMembers.role, "member")))
      .groupBy(classroomMembers.classroomId),
    db
      .select({ id: classroomAssignments.classroomId, n: count() })
      .from(classroomAssignments)
      .where(inArray(classroomAssignments.classroomId, ids))
      .groupBy(classroomAssignments.classroomId),
  ]);
  const members = new Map(memberCounts.map((r) => [r.id, Number(r.n)]));
  const assignments = new Map(assignmentCounts.map((r) => [r.id, Number(r.n)]));
  return rows.map(
    ({ classroom: c, role }): ClassroomSummary => ({
      id: c.id,
      name: c.name,
      time_zone: c.timeZone,
      role,
      closed: c.closedAt !== null,
      teachers: teachers.filter((t) => t.classroomId === c.id).map(person),
      member_count: members.get(c.id) ?? 0,
      assignment_count: assignments.get(c.id) ?? 0,
      created_at: c.createdAt.toISOString(),
    }),
  );
}

/** The caller's classrooms: those they teach, those they are a member of (open ones first, newest first). */
export async function listClassrooms(db: Db, userId: string): Promise<ClassroomList> {
  const rows = await db
    .select({ classroom: classrooms, role: classroomMembers.role })
    .from(classroomMembers)
    .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
    .where(eq(classroomMembers.userId, userId))
    .orderBy(sql`${classrooms.closedAt} is not null`, desc(classrooms.createdAt), desc(classrooms.id));
  const all = await summaries(db, rows);
  return { teaching: all.filter((c) => c.role === "teacher"), member_of: all.filter((c) => c.role === "member") };
}

export type AssignmentRow = typeof classroomAssignments.$inferSelect;

/** Assignment rows as the API shows them; rows whose content is gone (hidden) are left out. */
export async function presentAssignments(db: Db, rows: AssignmentRow[]): Promise<Map<number, Assignment>> {
  const [units, projectsById] = await Promise.all([
    assignableUnits(
      db,
      rows.filter((r) => r.kind !== "project").map((r) => ({ kind: r.kind as "course" | "chapter", id: r.targetId })),
    ),
    assignableProjects(
      db,
      rows.filter((r) => r.kind === "project").map((r) => r.targetId),
    ),
  ]);
  const out = new Map<number, Assignment>();
  for (const r of rows) {
    const target =
      r.kind === "project"
        ? (() => {
            const p = projectsById.get(r.targetId);
            return p && { title: p.title, context: null, path: p.path, premium: p.premium };
          })()
        : units.get(`${r.kind}:${r.targetId}`);
    if (!target) continue;
    out.set(r.id, {
      id: r.id,
      kind: r.kind,
      target_id: r.targetId,
      title: target.title,
      context: target.context,
      path: target.path,
      premium: target.premium,
      due_date: r.dueDate,
      due_at: r.dueAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    });
  }
  return out;
}

export async function assignmentsOf(db: Db, classroomIds: number[]): Promise<AssignmentRow[]> {
  if (classroomIds.length === 0) return [];
  return db
    .select()
    .from(classroomAssignments)
    .where(inArray(classroomAssignments.classroomId, classroomIds))
    .orderBy(sql`${classroomAssignments.dueAt} asc nulls last`, asc(classroomAssignments.id));
}

/** A classroom as the caller sees it: teachers get the code and the members; members the teachers and work. */
export async function getClassroom(db: Db, userId: string, classroomId: number): Promise<ClassroomDetail> {
  const standing = await standingIn(db, classroomId, userId);
  const [summary] = await summaries(db, [standing]);
  const assignments = [...(await presentAssignments(db, await assignmentsOf(db, [classroomId]))).values()];
  const teacher = standing.role === "teacher";
  let members: ClassroomDetail["members"] = null;
  if (teacher) {
    const rows = await db
      .select({ joinedAt: classroomMembers.joinedAt, ...personColumns, access: accessColumns })
      .from(classroomMembers)
      .innerJoin(profileRows.table, eq(profileRows.card.userId, classroomMembers.userId))
      .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.role, "member")))
      .orderBy(asc(profileRows.card.displayName), asc(profileRows.card.username));
    members = rows.map((r) => ({
      ...person(r),
      joined_at: r.joinedAt.toISOString(),
      has_access: hasAccess(r.access),
    }));
  }
  return {
    ...summary!,
    join_code: teacher && !standing.classroom.closedAt ? standing.classroom.joinCode : null,
    assignments,
    members,
  };
}

/** The assignments of the open classrooms the caller is a member of (the courses page's "Assigned"). */
export async function myAssignments(db: Db, userId: string): Promise<MyAssignment[]> {
  const rooms = await db
    .select({ id: classrooms.id, name: classrooms.name })
    .from(classroomMembers)
    .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
    .where(and(eq(classroomMembers.userId, userId), eq(classroomMembers.role, "member"), isNull(classrooms.closedAt)));
  const names = new Map(rooms.map((r) => [r.id, r.name]));
  const rows = await assignmentsOf(
    db,
    rooms.map((r) => r.id),
  );
  const shown = await presentAssignments(db, rows);
  return rows.flatMap((r) => {
    const a = shown.get(r.id);
    return a ? [{ ...a, classroom_id: r.classroomId, classroom_name: names.get(r.classroomId) ?? "" }] : [];
  });
}
