// The teachers' view of their members' progress, and what goes with an account (docs/decisions/044).
import { and, asc, eq, sql } from "drizzle-orm";
import type { ClassroomProgress, ProgressCell, ProgressStatus } from "@neonlab/shared/schemas/classrooms";
import type { Db } from "../../db/client.ts";
import { accessColumns, hasAccess, profileRows } from "../identity/service.ts";
import { assignmentProgress } from "../learning/service.ts";
import { projectProgress } from "../projects/service.ts";
import { asTeacher, assignmentsOf, person, personColumns, presentAssignments } from "./reads.ts";
import { classroomMembers, classrooms } from "./schema.ts";

// ---------------------------------------------------------------- progress

function statusOf(finishedAt: Date | null, dueAt: Date | null, now: Date): ProgressStatus {
  if (finishedAt) return dueAt && finishedAt > dueAt ? "late" : "on_time";
  return dueAt && now > dueAt ? "overdue" : "open";
}

const latest = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

/**
 * The teachers' dashboard: each current member's standing on each assignment, and nothing else of theirs
 * (decision 044). Members only (teachers are not tracked), read from the current rows: someone who left is
 * gone from it at once.
 */
export async function classroomProgress(
  db: Db,
  teacherId: string,
  classroomId: number,
  now = new Date(),
): Promise<ClassroomProgress> {
  await asTeacher(db, classroomId, teacherId);
  const [memberRows, assignmentRows] = await Promise.all([
    db
      .select({ joinedAt: classroomMembers.joinedAt, ...personColumns, access: accessColumns })
      .from(classroomMembers)
      .innerJoin(profileRows.table, eq(profileRows.card.userId, classroomMembers.userId))
      .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.role, "member")))
      .orderBy(asc(profileRows.card.displayName), asc(profileRows.card.username)),
    assignmentsOf(db, [classroomId]),
  ]);
  const userIds = memberRows.map((m) => m.user_id);
  const units = assignmentRows
    .filter((a) => a.kind !== "project")
    .map((a) => ({ kind: a.kind as "course" | "chapter", id: a.targetId }));
  const projectIds = assignmentRows.filter((a) => a.kind === "project").map((a) => a.targetId);
  // Hidden content drops out with presentAssignments; its progress, read alongside, is then never shown.
  const [shown, unitRows, projectRows] = await Promise.all([
    presentAssignments(db, assignmentRows),
    assignmentProgress(db, userIds, units),
    projectProgress(db, userIds, projectIds),
  ]);
  const assignments = assignmentRows.filter((r) => shown.has(r.id));
  const byKey = new Map<
    string,
    Omit<ProgressCell, "assignment_id" | "status" | "no_access"> & { finished: Date | null; last: Date | null }
  >();
  for (const r of unitRows)
    byKey.set(`${r.kind}:${r.unitId}:${r.userId}`, {
      done: r.done,
      total: r.total,
      last_activity_at: r.lastActivityAt?.toISOString() ?? null,
      quiz_first_try: r.quizzesTried > 0 ? r.quizzesFirstTryRight / r.quizzesTried : null,
      finished_at: r.finishedAt?.toISOString() ?? null,
      finished: r.finishedAt,
      last: r.lastActivityAt,
    });
  for (const r of projectRows)
    byKey.set(`project:${r.projectId}:${r.userId}`, {
      done: r.done,
      total: r.total,
      last_activity_at: r.lastActivityAt?.toISOString() ?? null,
      quiz_first_try: null,
      finished_at: r.finishedAt?.toISOString() ?? null,
      finished: r.finishedAt,
      last: r.lastActivityAt,
    });
  return {
    classroom_id: classroomId,
    assignments: assignments.map((a) => shown.get(a.id)!),
    members: memberRows.map((m) => {
      const access = hasAccess(m.access);
      let last: Date | null = null;
      const cells = assignments.map((a): ProgressCell => {
        const p = byKey.get(`${a.kind}:${a.targetId}:${m.user_id}`);
        last = latest(last, p?.last ?? null);
        return {
          assignment_id: a.id,
          done: p?.done ?? 0,
          total: p?.total ?? 0,
          last_activity_at: p?.last_activity_at ?? null,
          quiz_first_try: p?.quiz_first_try ?? null,
          finished_at: p?.finished_at ?? null,
          status: statusOf(p?.finished ?? null, a.dueAt, now),
          no_access: shown.get(a.id)!.premium && !access,
        };
      });
      return {
        ...person(m),
        joined_at: m.joinedAt.toISOString(),
        has_access: access,
        last_activity_at: (last as Date | null)?.toISOString() ?? null,
        cells,
      };
    }),
  };
}

/** The dashboard as CSV records (one per member and assignment), in PROGRESS_CSV_COLUMNS' order. */
export async function* progressCsvRecords(db: Db, teacherId: string, classroomId: number) {
  const progress = await classroomProgress(db, teacherId, classroomId);
  const byId = new Map(progress.assignments.map((a) => [a.id, a]));
  for (const m of progress.members)
    for (const c of m.cells) {
      const a = byId.get(c.assignment_id)!;
      yield [
        m.display_name,
        m.username,
        a.context ? `${a.context} · ${a.title}` : a.title,
        a.kind,
        a.due_date ?? "",
        c.done,
        c.total,
        c.last_activity_at ?? "",
        c.quiz_first_try === null ? "" : c.quiz_first_try.toFixed(2),
        c.no_access ? "no_access" : c.status,
      ];
    }
}

// ---------------------------------------------------------------- the account's end, the export

/**
 * account.deleted: the user's memberships go; a classroom whose only teacher they were is closed first
 * (docs/product-rules-notes.md), so no one's progress stays visible through it.
 */
export async function leaveAllClassrooms(tx: Db, userId: string) {
  await tx.execute(sql`
    update ${classrooms} set closed_at = now()
     where closed_at is null
       and id in (select classroom_id from ${classroomMembers} where user_id = ${userId} and role = 'teacher')
       and not exists (select 1 from ${classroomMembers} o
                        where o.classroom_id = ${classrooms.id} and o.role = 'teacher' and o.user_id <> ${userId})`);
  await tx.delete(classroomMembers).where(eq(classroomMembers.userId, userId));
}

/** The user's classrooms and what each assigned, for the personal data export. */
export async function classroomsOf(db: Db, userId: string) {
  const rows = await db
    .select({ classroom: classrooms, role: classroomMembers.role, joinedAt: classroomMembers.joinedAt })
    .from(classroomMembers)
    .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
    .where(eq(classroomMembers.userId, userId))
    .orderBy(asc(classroomMembers.joinedAt));
  const assignments = await assignmentsOf(
    db,
    rows.map((r) => r.classroom.id),
  );
  const shown = await presentAssignments(db, assignments);
  return rows.map((r) => ({
    name: r.classroom.name,
    role: r.role,
    timeZone: r.classroom.timeZone,
    joinedAt: r.joinedAt,
    closedAt: r.classroom.closedAt,
    assignments: assignments
      .filter((a) => a.classroomId === r.classroom.id)
      .map((a) => ({
        kind: a.kind,
        title: shown.get(a.id)?.title ?? null,
        dueDate: a.dueDate,
        assignedAt: a.createdAt,
      })),
  }));
}
