import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ownProfileSchema,
  publicProfileSchema,
  updateAvatarSchema,
  updateProfileSchema,
} from "@neonlab/shared/schemas/profile";
import { requireUser } from "../../../session-guards.ts";
import type { ModuleOptions } from "../../../lib/plugin-scope.ts";
import { forbidden } from "../../../errors.ts";
import { updateProfile } from "../../identity/service.ts";
import { getOwnProfile, getPublicProfile } from "./service.ts";

/** The public profile, and the own profile with its update and avatar. */
export async function profileViewRoutes(app: FastifyInstance, { ctx: { db, transaction } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/profiles/:username",
    {
      config: { auth: "optional" },
      schema: {
        tags: ["profiles"],
        summary: "A user's public profile",
        params: z.object({ username: z.string().min(1).max(60) }),
        response: { 200: publicProfileSchema },
      },
    },
    async (request) => getPublicProfile(db, request.params.username),
  );

  r.get(
    "/api/profile",
    {
      schema: { tags: ["profiles"], summary: "The signed-in user's own profile", response: { 200: ownProfileSchema } },
    },
    async (request) => getOwnProfile(db, requireUser(request).id),
  );

  r.put(
    "/api/profile",
    {
      config: { errors: [403] },
      schema: {
        tags: ["profiles"],
        summary: "Update own profile (role and access are never accepted)",
        body: updateProfileSchema.extend({ id: z.string().optional() }),
        response: { 200: ownProfileSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id, ...input } = request.body;
      if (id && id !== user.id) throw forbidden("You can only edit your own profile.");
      await updateProfile(transaction, user.id, input);
      return getOwnProfile(db, user.id);
    },
  );

  r.patch(
    "/api/profile/avatar",
    {
      schema: {
        tags: ["profiles"],
        summary: "Set own avatar",
        body: updateAvatarSchema,
        response: { 200: ownProfileSchema },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await updateProfile(transaction, userId, { avatar: request.body.avatar });
      return getOwnProfile(db, userId);
    },
  );
}
