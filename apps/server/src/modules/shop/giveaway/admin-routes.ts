import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createGiveawaySchema, giveawayRoundSchema } from "@neonlab/shared/schemas/giveaway";
import { requireRole } from "../../../session-guards.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { createRound, listAllRounds } from "./service.ts";

/** Admins plan giveaway rounds. */
export async function giveawayAdminRoutes(app: FastifyInstance, { ctx: { db, transaction } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["giveaway"];

  r.get(
    "/api/admin/giveaways",
    {
      schema: {
        tags,
        operationId: "listGiveawaysAdmin",
        summary: "Every giveaway round, newest first (admins)",
        querystring: z.object({
          limit: z.coerce
            .number()
            .int()
            .min(1, "limit must be at least 1")
            .max(100, "limit must be at most 100")
            .default(50),
        }),
        response: { 200: z.array(giveawayRoundSchema) },
      },
    },
    async (request) => {
      requireRole(request, "admin");
      return listAllRounds(db, request.query.limit);
    },
  );

  r.post(
    "/api/admin/giveaways",
    {
      schema: {
        tags,
        operationId: "createGiveaway",
        summary: "Create a giveaway round: its seed's hash is published now, the draw runs at its end (admins)",
        body: createGiveawaySchema,
        response: { 201: giveawayRoundSchema },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, "admin");
      const round = await transaction((tx) => createRound(tx, admin.id, request.body));
      return reply.status(201).send(round);
    },
  );
}
