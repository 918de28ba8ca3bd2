import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ledgerPageSchema, ledgerQuerySchema } from "@neonlab/shared/schemas/ledger";
import { requireUser } from "../../../session-guards.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { getLedgerPage } from "./service.ts";

/** The caller's own ledger: XP, NeonBits and streak changes. */
export async function ledgerRoutes(app: FastifyInstance, { ctx: { db } }: ModuleOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/users/ledger",
    {
      schema: {
        tags: ["ledger"],
        operationId: "getLedger",
        summary:
          "Own XP, NeonBits and streak changes (reason, amount, date), newest first, optionally of one kind, with the NeonBits balance; keyset pages with before=<previous next>",
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => getLedgerPage(db, requireUser(request).id, request.query),
  );
}
