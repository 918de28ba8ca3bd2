import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { userAccessResultSchema, userAccessSchema } from "@neonlab/shared/schemas/giveaway";
import { requireRole } from "../../auth/session.ts";
import { notFound } from "../../errors.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { setAccessGranted } from "../profiles/service.ts";

/** Admin-granted access (product rules): an admin grants or revokes has_access for a user. */
export async function accessRoutes(app: FastifyInstance, { ctx: { db } }: ModuleOptions) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/admin/users/access",
    {
      schema: {
        tags: ["admin"],
        operationId: "setUserAccess",
        summary: "Grant (hasAccess true) or revoke the admin-given access of a user by e-mail (admins)",
        body: userAccessSchema,
        response: { 200: userAccessResultSchema },
      },
    },
    async (request) => {
      requireRole(request, "admin");
      const { email, hasAccess } = request.body;
      const row = await setAccessGranted(db, email, hasAccess);
      if (!row) throw notFound(`There is no account with the e-mail ${email}.`);
      const message = hasAccess
        ? `Access granted to ${email}.`
        : row.hasAccess
          ? `Admin-given access revoked from ${email}; they keep access as an admin.`
          : `Access revoked from ${email}.`;
      return { email, username: row.username, accessGranted: row.accessGranted, hasAccess: row.hasAccess, message };
    },
  );
}
