import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { buildId } from "./build-id.ts";

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

  r.get(
    "/api/ready",
    {
      config: { auth: "public" },
      schema: {
        tags: ["system"],
        summary: "Database reachable",
        response: {
          200: z.object({ status: z.literal("ready"), database: z.string() }),
          503: z.object({ status: z.literal("unavailable") }),
        },
      },
    },
    async (_request, reply) => {
      const ok = await database.ping().catch(() => false);
      if (!ok) return reply.status(503).send({ status: "unavailable" as const });
      return { status: "ready" as const, database: database.kind };
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
