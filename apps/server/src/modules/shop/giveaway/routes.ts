import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  giveawayRoundsPageSchema,
  giveawayRoundsQuerySchema,
  giveawayStateSchema,
  giveawayTicketsQuerySchema,
  giveawayTicketsSchema,
  roundIdParamsSchema,
} from "@neonlab/shared/schemas/giveaway";
import { requireUser } from "../../../session-guards.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { enterGiveaway, getGiveawayState, listDrawnRounds, listTickets } from "./service.ts";

/** The NeonBits giveaway: the current round, entering it, past draws and their tickets. */
export async function giveawayRoutes(app: FastifyInstance, { ctx: { db, transaction } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["giveaway"];

  r.get(
    "/api/giveaway",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        operationId: "getGiveaway",
        summary: "The giveaway round open now (or the next one) and the caller's entry",
        response: { 200: giveawayStateSchema },
      },
    },
    async (request) => getGiveawayState(db, request.user?.id ?? null),
  );

  r.post(
    "/api/giveaway/enter",
    {
      schema: {
        tags,
        operationId: "enterGiveaway",
        summary: "Enter the round open now, once per round (409 when already entered or none is open)",
        response: { 200: giveawayStateSchema },
      },
    },
    async (request) => enterGiveaway(transaction, db, requireUser(request).id),
  );

  r.get(
    "/api/giveaway/rounds",
    {
      config: { auth: "public" },
      schema: {
        tags,
        operationId: "listGiveawayRounds",
        summary: "Drawn rounds, newest first, with winners, seed, seed hash and entries hash",
        querystring: giveawayRoundsQuerySchema,
        response: { 200: giveawayRoundsPageSchema },
      },
    },
    async (request) => listDrawnRounds(db, request.query.limit, request.query.before),
  );

  r.get(
    "/api/giveaway/rounds/:id/tickets",
    {
      config: { auth: "public" },
      schema: {
        tags,
        operationId: "listGiveawayTickets",
        summary: "A drawn round's tickets in byte order, a keyset page at a time: all pages make its entries hash",
        params: roundIdParamsSchema,
        querystring: giveawayTicketsQuerySchema,
        response: { 200: giveawayTicketsSchema },
      },
    },
    async (request) => listTickets(db, request.params.id, request.query.limit, request.query.after),
  );
}
