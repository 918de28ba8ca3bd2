// The classrooms module's public surface and its rules (docs/decisions/044): teachers, members, join codes,
// assignments, and the teachers' view of the members' progress on what was assigned.
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import {
  CLASSROOM_JOIN_LIMIT,
  type ClassroomDetail,
  type ClassroomPerson,
  type CreateAssignmentInput,
  type CreateClassroomInput,
} from "@neonlab/shared/schemas/classrooms";
import type { Db } from "../../db/client.ts";
import { conflict, forbidden, notFound, rateLimited } from "../../errors.ts";
import type { RateLimits } from "../../lib/rate-limits.ts";
import type { DbAccess } from "../../transaction.ts";
import {
  accessColumns,
  findUserByUsername,
  hasAccess,
  isUniqueViolation,
  profileRows,
  userHasAccess,
} from "../identity/service.ts";
import { assignableUnit } from "../learning/service.ts";
import { assignableProjects } from "../projects/service.ts";
import { endOfDayIn } from "./due.ts";
import {
  type AssignmentRow,
  asTeacher,
  CLASSROOM_MESSAGES,
  getClassroom,
  person,
  personColumns,
  presentAssignments,
  standingIn,
  withFreshCode,
} from "./reads.ts";
import { classroomAssignments, classroomMembers, classrooms } from "./schema.ts";

export { CLASSROOM_MESSAGES, getClassroom, listClassrooms, myAssignments, newJoinCode } from "./reads.ts";
export { classroomProgress, classroomsOf, leaveAllClassrooms, progressCsvRecords } from "./progress.ts";

// ---------------------------------------------------------------- writes

/** A new classroom taught by the caller, who needs access (Pro or admin-granted; identity's rule). */
export async function createClassroom(
  { db, transaction }: DbAccess,
  userId: string,
  input: { name: string; time_zone: string },
): Promise<ClassroomDetail> {
  if (!(await userHasAccess(db, userId))) throw forbidden(CLASSROOM_MESSAGES.needsAccess);
  const id = await withFreshCode((code) =>
    transaction(async (tx) => {
      const [made] = await tx.db
        .insert(classrooms)
        .values({ name: input.name, timeZone: input.time_zone, joinCode: code, createdBy: userId })
        .returning({ id: classrooms.id });
      await tx.db.insert(classroomMembers).values({ classroomId: made!.id, userId, role: "teacher" });
      return made!.id;
    }),
  );
  return getClassroom(db, userId, id);
}
export type { CreateClassroomInput };

/**
 * Joins the open classroom with this code as a member (again: nothing changes). Every attempt counts
 * against the app's rate limiter first, so codes can not be guessed by trying.
 */
export async function joinClassroom(
  deps: { db: Db; limits: RateLimits },
  userId: string,
  code: string,
): Promise<ClassroomDetail> {
  const wait = await deps.limits.hit(`classroom-join:${userId}`, CLASSROOM_JOIN_LIMIT);
  if (wait > 0) throw rateLimited(wait);
  const [room] = await deps.db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(and(eq(classrooms.joinCode, code), isNull(classrooms.closedAt)));
  if (!room) throw notFound(CLASSROOM_MESSAGES.noCode);
  await deps.db.insert(classroomMembers).values({ classroomId: room.id, userId, role: "member" }).onConflictDoNothing();
  return getClassroom(deps.db, userId, room.id);
}

/** Leaves a classroom at once: the teachers' view of the caller ends with the row. A sole teacher must close it. */
export async function leaveClassroom({ transaction }: DbAccess, userId: string, classroomId: number) {
  await transaction(async (tx) => {
    const { role } = await standingIn(tx.db, classroomId, userId);
    if (role === "teacher") await assertAnotherTeacher(tx.db, classroomId, userId);
    await tx.db
      .delete(classroomMembers)
      .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
  });
  return { ok: true as const };
}

async function assertAnotherTeacher(db: Db, classroomId: number, userId: string) {
  // The classroom's row is the lock every teacher's departure takes: two leaving at once take turns, and the
  // second sees the first gone, so a classroom is never left without a teacher.
  await db.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.id, classroomId)).for("update");
  const others = await db
    .select({ userId: classroomMembers.userId })
    .from(classroomMembers)
    .where(
      and(
        eq(classroomMembers.classroomId, classroomId),
        eq(classroomMembers.role, "teacher"),
        ne(classroomMembers.userId, userId),
      ),
    );
  if (others.length === 0) throw conflict(CLASSROOM_MESSAGES.lastTeacher);
}

/** A teacher removes a member or a co-teacher (never the last teacher; themselves: leave). */
export async function removeMember({ transaction }: DbAccess, teacherId: string, classroomId: number, userId: string) {
  await transaction(async (tx) => {
    await asTeacher(tx.db, classroomId, teacherId, { open: false });
    const [gone] = await tx.db
      .select({ role: classroomMembers.role })
      .from(classroomMembers)
      .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
    if (!gone) throw notFound(CLASSROOM_MESSAGES.notMember);
    if (gone.role === "teacher") await assertAnotherTeacher(tx.db, classroomId, userId);
    await tx.db
      .delete(classroomMembers)
      .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
  });
  return { ok: true as const };
}

/** Makes a user (by username) a co-teacher; a member becomes a teacher (their progress leaves the dashboard). */
export async function addTeacher(db: Db, teacherId: string, classroomId: number, username: string) {
  await asTeacher(db, classroomId, teacherId);
  const user = await findUserByUsername(db, username);
  if (!user) throw notFound(CLASSROOM_MESSAGES.noSuchUser);
  await db
    .insert(classroomMembers)
    .values({ classroomId, userId: user.id, role: "teacher" })
    .onConflictDoUpdate({
      target: [classroomMembers.classroomId, classroomMembers.userId],
      set: { role: "teacher" },
    });
  return getClassroom(db, teacherId, classroomId);
}

/** A new join code; the old one stops working at once. */
export async function rotateJoinCode(db: Db, teacherId: string, classroomId: number) {
  await asTeacher(db, classroomId, teacherId);
  const code = await withFreshCode(async (fresh) => {
    await db.update(classrooms).set({ joinCode: fresh }).where(eq(classrooms.id, classroomId));
    return fresh;
  });
  return { join_code: code };
}

/** Closes the classroom: no joining, no assigning, no progress view; members still see it was closed. */
export async function closeClassroom(db: Db, teacherId: string, classroomId: number) {
  await asTeacher(db, classroomId, teacherId, { open: false });
  await db
    .update(classrooms)
    .set({ closedAt: new Date() })
    .where(and(eq(classrooms.id, classroomId), isNull(classrooms.closedAt)));
  return getClassroom(db, teacherId, classroomId);
}

/**
 * Assigns a course, chapter or guided project, due at the end of `due_date` in the classroom's zone. The
 * members are notified (classroom.assigned → notifications, capped like every kind). Premium content names
 * the members who can not open it yet.
 */
export async function createAssignment(
  { db, transaction }: DbAccess,
  teacherId: string,
  classroomId: number,
  input: CreateAssignmentInput,
) {
  const classroom = await asTeacher(db, classroomId, teacherId);
  const target =
    input.kind === "project"
      ? (await assignableProjects(db, [input.id])).get(input.id)
      : await assignableUnit(db, input.kind, input.id);
  if (!target) throw notFound(CLASSROOM_MESSAGES.noProject);
  const dueDate = input.due_date ?? null;
  const dueAt = dueDate ? endOfDayIn(dueDate, classroom.timeZone) : null;
  const { row, memberIds } = await transaction(async (tx) => {
    let made: AssignmentRow | undefined;
    try {
      [made] = await tx.db
        .insert(classroomAssignments)
        .values({ classroomId, kind: input.kind, targetId: input.id, dueDate, dueAt, assignedBy: teacherId })
        .onConflictDoNothing()
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CLASSROOM_MESSAGES.alreadyAssigned);
      throw error;
    }
    if (!made) throw conflict(CLASSROOM_MESSAGES.alreadyAssigned);
    const members = await tx.db
      .select({ userId: classroomMembers.userId })
      .from(classroomMembers)
      .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.role, "member")));
    const ids = members.map((m) => m.userId);
    await tx.publish("classroom.assigned", {
      classroomId,
      classroomName: classroom.name,
      assignmentId: made.id,
      memberIds: ids,
      actorId: teacherId,
      title: target.title,
      dueDate,
    });
    return { row: made, memberIds: ids };
  });
  const assignment = (await presentAssignments(db, [row])).get(row.id)!;
  let withoutAccess: ClassroomPerson[] = [];
  if (assignment.premium && memberIds.length > 0) {
    const rows = await db
      .select({ ...personColumns, access: accessColumns })
      .from(profileRows.table)
      .where(inArray(profileRows.card.userId, memberIds))
      .orderBy(asc(profileRows.card.displayName));
    withoutAccess = rows.filter((r) => !hasAccess(r.access)).map(person);
  }
  return { assignment, members_without_access: withoutAccess };
}

/** Takes an assignment back (its members' progress stays theirs; only the classroom's view of it goes). */
export async function deleteAssignment(db: Db, teacherId: string, classroomId: number, assignmentId: number) {
  await asTeacher(db, classroomId, teacherId, { open: false });
  const gone = await db
    .delete(classroomAssignments)
    .where(and(eq(classroomAssignments.id, assignmentId), eq(classroomAssignments.classroomId, classroomId)))
    .returning({ id: classroomAssignments.id });
  if (gone.length === 0) throw notFound(CLASSROOM_MESSAGES.assignmentNotFound);
  return { ok: true as const };
}
