import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ledgerPageSchema, ledgerQuerySchema } from "@neonlab/shared/schemas/shop";
import { requireUser } from "../../auth/session.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { getLedgerPage } from "./ledger-view.ts";

/** The caller's own NeonBits ledger. */
export async function walletRoutes(app: FastifyInstance, { ctx: { db } }: ModuleOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/users/ledger",
    {
      schema: {
        tags: ["wallet"],
        operationId: "getNeonBitsLedger",
        summary: "Own NeonBits changes (reason, amount, date), newest first; keyset pages with before=<previous next>",
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => getLedgerPage(db, requireUser(request).id, request.query.limit, request.query.before),
  );
}
