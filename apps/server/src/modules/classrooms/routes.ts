import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { stringify } from "csv-stringify";
import {
  addTeacherInputSchema,
  assignmentCreatedSchema,
  classroomDetailSchema,
  classroomListSchema,
  classroomProgressSchema,
  createAssignmentInputSchema,
  createClassroomInputSchema,
  joinClassroomInputSchema,
  joinCodeSchema,
  myAssignmentsSchema,
  PROGRESS_CSV_COLUMNS,
} from "@neonlab/shared/schemas/classrooms";
import { okResponseSchema } from "@neonlab/shared/schemas/common";
import { requireUser } from "../../session-guards.ts";
import { idParam } from "../../lib/id-param.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import {
  addTeacher,
  classroomProgress,
  closeClassroom,
  createAssignment,
  createClassroom,
  deleteAssignment,
  getClassroom,
  joinClassroom,
  leaveClassroom,
  listClassrooms,
  myAssignments,
  progressCsvRecords,
  removeMember,
  rotateJoinCode,
} from "./service.ts";

const tags = ["classrooms"];
const params = z.object({ id: idParam("id") });
const memberParams = params.extend({ userId: z.string().min(1).max(100) });
const assignmentParams = params.extend({ assignmentId: idParam("assignmentId") });

/** Classrooms (docs/decisions/044): HTTP only; the rules are the service's. */
export async function classroomRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/classrooms",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Create a classroom taught by the caller (needs Pro or admin-granted access)",
        body: createClassroomInputSchema,
        response: { 201: classroomDetailSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createClassroom(ctx, requireUser(request).id, request.body)),
  );

  r.get(
    "/api/classrooms",
    {
      schema: {
        tags,
        summary: "The caller's classrooms: those they teach and those they are a member of",
        response: { 200: classroomListSchema },
      },
    },
    async (request) => listClassrooms(ctx.db, requireUser(request).id),
  );

  r.get(
    "/api/classrooms/assignments",
    {
      schema: {
        tags,
        summary: "What the caller's open classrooms assigned to them, with due dates",
        response: { 200: myAssignmentsSchema },
      },
    },
    async (request) => myAssignments(ctx.db, requireUser(request).id),
  );

  r.post(
    "/api/classrooms/join",
    {
      config: { errors: [404, 429] },
      schema: {
        tags,
        summary: "Join an open classroom with its join code (attempts are rate-limited)",
        body: joinClassroomInputSchema,
        response: { 200: classroomDetailSchema },
      },
    },
    async (request) => joinClassroom(ctx, requireUser(request).id, request.body.code),
  );

  r.get(
    "/api/classrooms/:id",
    {
      schema: {
        tags,
        summary: "A classroom the caller teaches or belongs to (teachers also get the code and members)",
        params,
        response: { 200: classroomDetailSchema },
      },
    },
    async (request) => getClassroom(ctx.db, requireUser(request).id, request.params.id),
  );

  r.post(
    "/api/classrooms/:id/leave",
    {
      schema: {
        tags,
        summary: "Leave the classroom: its teachers stop seeing the caller's progress at once",
        params,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => leaveClassroom(ctx, requireUser(request).id, request.params.id),
  );

  r.post(
    "/api/classrooms/:id/close",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Close the classroom (teachers): no more joining, assigning or progress view",
        params,
        response: { 200: classroomDetailSchema },
      },
    },
    async (request) => closeClassroom(ctx.db, requireUser(request).id, request.params.id),
  );

  r.post(
    "/api/classrooms/:id/code",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Rotate the join code (teachers): the old code stops working",
        params,
        response: { 200: joinCodeSchema },
      },
    },
    async (request) => rotateJoinCode(ctx.db, requireUser(request).id, request.params.id),
  );

  r.post(
    "/api/classrooms/:id/teachers",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Add a co-teacher by username (teachers)",
        params,
        body: addTeacherInputSchema,
        response: { 200: classroomDetailSchema },
      },
    },
    async (request) => addTeacher(ctx.db, requireUser(request).id, request.params.id, request.body.username),
  );

  r.delete(
    "/api/classrooms/:id/members/:userId",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Remove a member or co-teacher (teachers)",
        params: memberParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => removeMember(ctx, requireUser(request).id, request.params.id, request.params.userId),
  );

  r.post(
    "/api/classrooms/:id/assignments",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Assign a course, chapter or guided project, with an optional due date (teachers)",
        params,
        body: createAssignmentInputSchema,
        response: { 201: assignmentCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAssignment(ctx, requireUser(request).id, request.params.id, request.body)),
  );

  r.delete(
    "/api/classrooms/:id/assignments/:assignmentId",
    {
      config: { errors: [403] },
      schema: {
        tags,
        summary: "Take an assignment back (teachers)",
        params: assignmentParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) =>
      deleteAssignment(ctx.db, requireUser(request).id, request.params.id, request.params.assignmentId),
  );

  r.get(
    "/api/classrooms/:id/progress",
    {
      config: { errors: [403, 409] },
      schema: {
        tags,
        summary: "The teachers' dashboard: each member's progress on each assignment",
        params,
        response: { 200: classroomProgressSchema },
      },
    },
    async (request) => classroomProgress(ctx.db, requireUser(request).id, request.params.id),
  );

  r.get(
    "/api/classrooms/:id/progress.csv",
    {
      config: { errors: [403, 409] },
      schema: {
        tags,
        summary: "The dashboard as CSV, one row per member and assignment (teachers)",
        params,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const records = progressCsvRecords(ctx.db, userId, request.params.id);
      // The first record is read before answering, so a refusal is still an error answer, not a broken file.
      const first = await records.next();
      // A name a spreadsheet would run as a formula (=, +, -, @) is written as text.
      const csv = stringify({
        header: true,
        columns: [...PROGRESS_CSV_COLUMNS],
        cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
      });
      void (async () => {
        try {
          if (!first.done) csv.write(first.value);
          for await (const record of records) if (!csv.write(record)) await new Promise((r) => csv.once("drain", r));
          csv.end();
        } catch (error) {
          csv.destroy(error as Error);
        }
      })();
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="classroom-${request.params.id}-progress.csv"`)
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );
}
