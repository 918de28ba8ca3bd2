import type { Db } from "../../db/client.ts";
import { classroomAssignments, classroomMembers, classrooms } from "./schema.ts";
import { newJoinCode } from "./service.ts";

/** A classroom straight in the tables: its teachers, members and former members (joined, then left: no row). */
export async function makeClassroom(
  db: Db,
  people: { teachers: string[]; members?: string[]; name?: string; timeZone?: string },
) {
  const [room] = await db
    .insert(classrooms)
    .values({
      name: people.name ?? "Test classroom",
      timeZone: people.timeZone ?? "UTC",
      joinCode: newJoinCode(),
      createdBy: people.teachers[0] ?? null,
    })
    .returning();
  const rows = [
    ...people.teachers.map((userId) => ({ classroomId: room!.id, userId, role: "teacher" as const })),
    ...(people.members ?? []).map((userId) => ({ classroomId: room!.id, userId, role: "member" as const })),
  ];
  if (rows.length > 0) await db.insert(classroomMembers).values(rows);
  return room!;
}

/** An assignment row of a classroom. */
export async function makeAssignment(
  db: Db,
  classroomId: number,
  target: { kind: "course" | "chapter" | "project"; id: number; dueDate?: string },
) {
  const [row] = await db
    .insert(classroomAssignments)
    .values({ classroomId, kind: target.kind, targetId: target.id, dueDate: target.dueDate ?? null })
    .returning();
  return row!;
}
