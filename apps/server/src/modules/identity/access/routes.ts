import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { setUserRoleSchema, userRoleResultSchema } from "@neonlab/shared/schemas/admin";
import { userAccessResultSchema, userAccessSchema } from "@neonlab/shared/schemas/giveaway";
import { requireRole } from "../../../session-guards.ts";
import { conflict, notFound } from "../../../errors.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { ROLE_CHANGE_REFUSED, setAccessGranted, setRole } from "../profiles/service.ts";

/** What admins give: has_access (product rules) and roles (docs/decisions/031). */
export async function accessRoutes(app: FastifyInstance, { ctx: { db, transaction, sessions } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    "/api/admin/users/role",
    {
      schema: {
        tags: ["admin"],
        operationId: "setUserRole",
        summary: "Set the role (user, moderator, admin) of a user by e-mail (admins); never leaves no admin",
        body: setUserRoleSchema,
        response: { 200: userRoleResultSchema },
      },
    },
    async (request) => {
      requireRole(request, "admin");
      const { email, role } = request.body;
      const changed = await setRole(transaction, email, role);
      if (!changed.ok) {
        const message = ROLE_CHANGE_REFUSED[changed.reason](email);
        throw changed.reason === "no-account" ? notFound(message) : conflict(message);
      }
      // The user's cached sessions (here and, through Redis, on other instances) are dropped: the next request
      // of any of their sessions reads the new role (docs/decisions/002, 015).
      sessions.forgetUser(changed.id);
      const message =
        changed.previous === role
          ? `${email} is already ${article(role)} ${role}.`
          : `${email} is now ${article(role)} ${role} (was ${changed.previous}).`;
      return { email: changed.email, username: changed.username, role, previous: changed.previous, message };
    },
  );

  r.post(
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

const article = (role: string) => (role === "admin" ? "an" : "a");
