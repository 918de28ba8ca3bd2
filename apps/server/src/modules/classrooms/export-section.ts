import { z } from "zod";
import { ASSIGNMENT_KINDS, CLASSROOM_ROLES } from "@neonlab/shared/schemas/classrooms";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import { classroomsOf } from "./service.ts";

/** The classrooms the user teaches or belongs to, and what each assigned. */
export const classroomsExportSection = exportSection({
  key: "classrooms",
  title: "Your classrooms",
  schema: z.array(
    z.object({
      name: z.string(),
      role: z.enum(CLASSROOM_ROLES),
      timeZone: z.string(),
      joinedAt: timestamp,
      closedAt: timestamp.nullable(),
      assignments: z.array(
        z.object({
          kind: z.enum(ASSIGNMENT_KINDS),
          title: z.string().nullable(),
          dueDate: z.string().nullable(),
          assignedAt: timestamp,
        }),
      ),
    }),
  ),
  async collect(db, userId) {
    const rows = await classroomsOf(db, userId);
    return rows.map((r) => ({
      ...r,
      joinedAt: iso(r.joinedAt),
      closedAt: r.closedAt ? iso(r.closedAt) : null,
      assignments: r.assignments.map((a) => ({ ...a, assignedAt: iso(a.assignedAt) })),
    }));
  },
});
