import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { failedJobSchema, failedJobsQuerySchema } from "@neonlab/shared/schemas/admin";
import { requireRole } from "../../../session-guards.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { listFailedJobs } from "../../../jobs/failed-jobs.ts";

/** Operations views for admins. */
export async function adminRoutes(app: FastifyInstance, { ctx: { database } }: ModuleOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/jobs/failed",
    {
      config: { auth: "user", errors: [403] },
      schema: {
        tags: ["admin"],
        summary: "Background jobs (mail…) whose last retry failed, newest first",
        querystring: failedJobsQuerySchema,
        response: { 200: z.array(failedJobSchema) },
      },
    },
    async (request) => {
      requireRole(request, "admin");
      return listFailedJobs(database.executeSql, request.query.limit);
    },
  );
}
