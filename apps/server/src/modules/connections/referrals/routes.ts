import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  inviteResultSchema,
  invitesSchema,
  referralInviteSchema,
  referralManageSchema,
} from "@neonlab/shared/schemas/referrals";
import { requireUser } from "../../../session-guards.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { createInvite, listInvites, manageInvite } from "./service.ts";

const tags = ["referrals"];

/** Invites (spec §7 users/referrals, users/referrals/manage), the inviter's list and personal link (decision 031). */
export async function referralRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: ctx.db, transaction: ctx.transaction, publicUrl: ctx.config.PUBLIC_URL, limits: ctx.limits };

  r.post(
    "/api/users/referrals",
    {
      schema: {
        tags,
        operationId: "inviteByEmail",
        summary:
          "Invite someone by e-mail: a sign-up link with the invite's referral code (10 invites a day, link sign-ups included)",
        body: referralInviteSchema,
        response: { 201: inviteResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createInvite(deps, requireUser(request), request.body.email)),
  );

  r.post(
    "/api/users/referrals/manage",
    {
      schema: {
        tags,
        operationId: "manageInvite",
        summary: "Correct an own invite's address (email) and/or send it again (sendNotification: true)",
        body: referralManageSchema,
        response: { 200: inviteResultSchema },
      },
    },
    async (request) => manageInvite(deps, requireUser(request), request.body),
  );

  r.get(
    "/api/users/referrals",
    {
      schema: {
        tags,
        operationId: "listInvites",
        summary:
          "Own invites (mailed, and sign-ups through the personal link), newest first, their states, the NeonBits they earned and the personal link",
        response: { 200: invitesSchema },
      },
    },
    async (request) => listInvites(deps, requireUser(request).id),
  );
}
