import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { errorBody } from "../../../errors.ts";
import { buildId } from "./build-id.ts";
import { NOT_READY_MESSAGE, readinessCheck } from "./readiness.ts";

export async function systemRoutes(app: FastifyInstance, { ctx: { database, config } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const id = buildId(config);

  r.get(
    "/api/health",
    {
      config: { auth: "public" },
      schema: { tags: ["system"], summary: "Alive", response: { 200: z.object({ status: z.literal("ok") }) } },
    },
    async () => ({ status: "ok" as const }),
  );

  const readiness = readinessCheck(() => database.ping());
  r.get(
    "/api/ready",
    {
      config: { auth: "public" },
      schema: {
        tags: ["system"],
        summary: "Database reachable (answers within 1 s either way)",
        response: {
          200: z.object({ status: z.literal("ready"), database: z.string() }),
          503: z.object({
            statusCode: z.number(),
            statusMessage: z.string(),
            message: z.string(),
            status: z.literal("unavailable"),
            database: z.string(),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      if (await readiness()) return { status: "ready" as const, database: database.kind };
      return reply.status(503).send({
        ...errorBody(503, NOT_READY_MESSAGE),
        status: "unavailable" as const,
        database: database.kind,
      });
    },
  );

  r.get(
    "/api/build",
    {
      config: { auth: "public" },
      schema: {
        tags: ["system"],
        summary: "Identifier of the running build",
        response: { 200: z.object({ buildId: z.string() }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { buildId: id };
    },
  );
}
