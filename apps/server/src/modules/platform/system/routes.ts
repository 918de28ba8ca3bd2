import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicConfigSchema } from "@neonlab/shared/schemas/auth";
import { enabledOAuthProviders } from "../../../auth/oauth-providers.ts";
import { isDraining } from "../../../lib/draining.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { errorBody } from "../../../errors.ts";
import { buildId } from "./build-id.ts";
import { NOT_READY_MESSAGE, READY_RESTARTING_MESSAGE, readinessCheck } from "./readiness.ts";

export async function systemRoutes(app: FastifyInstance, { ctx: { database, config } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const id = buildId(config);
  const publicConfig = { oauthProviders: enabledOAuthProviders(config) };

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
      if (isDraining()) {
        return reply
          .status(503)
          .header("retry-after", "5")
          .send({
            ...errorBody(503, READY_RESTARTING_MESSAGE),
            status: "unavailable" as const,
            database: database.kind,
          });
      }
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

  r.get(
    "/api/config",
    {
      config: { auth: "public" },
      schema: {
        tags: ["system"],
        summary: "What the browser app needs of the server's configuration: the OAuth providers it can sign in with",
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      // It changes only with a restart on a new configuration.
      reply.header("cache-control", "public, max-age=300");
      return publicConfig;
    },
  );
}
