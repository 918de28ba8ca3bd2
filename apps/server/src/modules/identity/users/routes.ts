import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "@neonlab/shared/messages";
import { contactSchema, deleteAccountSchema } from "@neonlab/shared/schemas/auth";
import { requireUser } from "../../../session-guards.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { clientErrors } from "./schema.ts";
import { deleteOwnAccount, saveContactMessage } from "./service.ts";

const messageSchema = z.object({ message: z.string() });

export async function userRoutes(app: FastifyInstance, { ctx: { db, transaction, config, limits } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.delete(
    "/api/users",
    {
      config: { errors: [403, 429] },
      schema: {
        tags: ["users"],
        summary: "Delete own account and its data, proven by its password (or, without one, its username)",
        body: deleteAccountSchema,
        response: { 200: messageSchema },
      },
      // The spec's call has no body: checked as an empty one, so the answer names the proof the account needs.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const user = requireUser(request);
      await deleteOwnAccount({ db, transaction, limits }, user.id, request.body);
      return { message: MESSAGES.accountDeleted };
    },
  );

  r.post(
    "/api/users/contact",
    {
      config: { auth: "optional", rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ["users"],
        summary: "Send a message to the operator",
        body: contactSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await saveContactMessage(transaction, config.OPERATOR_EMAIL, request.user?.id ?? null, request.body);
      return { message: MESSAGES.emailSent };
    },
  );

  r.post(
    "/api/client-errors",
    {
      config: { auth: "optional", rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["system"],
        summary: "Report an error that happened in the browser",
        body: z.object({
          message: z.string().min(1).max(2000),
          stack: z.string().max(10_000).optional(),
          path: z.string().max(2000).optional(),
        }),
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      request.log.warn({ clientError: request.body, userId: request.user?.id }, "client error reported");
      await db.insert(clientErrors).values({ ...request.body, userId: request.user?.id ?? null });
      return reply.status(202).send({ ok: true as const });
    },
  );
}
