import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  appReportInputSchema,
  lessonReportInputSchema,
  REPORTS_PER_HOUR,
  reportPageSchema,
  reportQueueQuerySchema,
  reportSchema,
  reportStatusQuerySchema,
} from "@neonlab/shared/schemas/reports";
import { requireRole, requireUser } from "../../session-guards.ts";
import { idParam } from "../../lib/id-param.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { listOwn, listQueue, reportApp, reportLesson, setStatus } from "./service.ts";

const tags = ["reports"];
const perHour = { rateLimit: { max: REPORTS_PER_HOUR, timeWindow: 3_600_000 } };

/** Reports of problems with the app or a lesson, and the moderators' queues (spec §7; product rules "Community"). */
export async function reportRoutes(app: FastifyInstance, { ctx: { db, transaction } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/users/reports",
    {
      config: perHour,
      schema: {
        tags,
        summary: "Report a problem with the app",
        body: appReportInputSchema,
        response: { 201: reportSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await reportApp(db, requireUser(request).id, request.body)),
  );

  r.post(
    "/api/lessons/:id/reports",
    {
      config: perHour,
      schema: {
        tags,
        summary: "Report a problem with a lesson",
        params: z.object({ id: idParam("id") }),
        body: lessonReportInputSchema,
        response: { 201: reportSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reportLesson(db, requireUser(request).id, request.params.id, request.body)),
  );

  r.get(
    "/api/users/my-reports",
    {
      schema: {
        tags,
        summary: "The caller's own reports and their statuses, newest first",
        response: { 200: z.array(reportSchema) },
      },
    },
    async (request) => listOwn(db, requireUser(request).id),
  );

  for (const [kind, base] of [
    ["app", "/api/users/reports"],
    ["lesson", "/api/lessons/reports"],
  ] as const) {
    r.get(
      base,
      {
        schema: {
          tags,
          summary: `The ${kind} reports queue for moderators: newest first, optionally one status, 20 a page`,
          querystring: reportQueueQuerySchema,
          response: { 200: reportPageSchema },
        },
      },
      async (request) => {
        requireRole(request, "moderator");
        return listQueue(db, kind, request.query);
      },
    );
    r.patch(
      `${base}/:id/status`,
      {
        schema: {
          tags,
          summary: `Set an ${kind} report's status (moderators); resolving it tells the reporter`,
          params: z.object({ id: idParam("id") }),
          querystring: reportStatusQuerySchema,
          response: { 200: reportSchema },
        },
      },
      async (request) => {
        requireRole(request, "moderator");
        return setStatus(transaction, kind, request.params.id, request.query.status);
      },
    );
  }
}
