import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readOutbox } from "../../../adapters/mail/mailer.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";

/** Development-only helpers: registered only on a local install or with DEV_OUTBOX=true (config.devOutbox), never in production. */
export async function devRoutes(app: FastifyInstance, { ctx: { db } }: ModuleOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/dev/outbox",
    {
      config: { auth: "public" },
      schema: {
        tags: ["dev"],
        summary: "Mails kept by the dev outbox for one address, newest first",
        querystring: z.object({ to: z.string().min(3).max(254) }),
      },
    },
    async (request, reply) => {
      // Public route, personal content (codes and links): never kept by a cache.
      reply.header("cache-control", "no-store");
      return (await readOutbox(db, request.query.to)).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
    },
  );
}
