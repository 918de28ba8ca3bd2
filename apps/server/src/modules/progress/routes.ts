import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activitiesQuerySchema,
  activitySchema,
  rankQuerySchema,
  rankSchema,
  saveStreakQuerySchema,
  saveStreakResultSchema,
  streakSchema,
} from "@neonlab/shared/schemas/progress";
import { requireUser } from "../../session-guards.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { badRequest } from "../../errors.ts";
import { listActivities } from "./activity-service.ts";
import { getRank } from "./rank-service.ts";
import { freezeStreak, saveStreak, unfreezeStreak } from "./streak-actions.ts";
import { getStreak } from "./streak-service.ts";

/** The streak and activities under users/*, and the rank (the ledger of XP and the streak: modules/wallet/ledger). */
export async function progressRoutes(app: FastifyInstance, { ctx: { db, transaction } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["progress"];

  r.get(
    "/api/users/streak",
    { schema: { tags, summary: "Own streak: count, status, freeze and save offer", response: { 200: streakSchema } } },
    async (request) => getStreak(transaction, requireUser(request).id),
  );
  r.patch(
    "/api/users/freeze-streak",
    { schema: { tags, summary: "Put an owned freeze on the streak", response: { 200: streakSchema } } },
    async (request) => freezeStreak(transaction, requireUser(request).id),
  );
  r.patch(
    "/api/users/unfreeze-streak",
    { schema: { tags, summary: "Take the unused freeze back", response: { 200: streakSchema } } },
    async (request) => unfreezeStreak(transaction, requireUser(request).id),
  );
  r.patch(
    "/api/users/save-streak",
    {
      schema: {
        tags,
        summary: "Save a broken streak for 100 NeonBits per missed day (save=true) or reset it (save=false)",
        querystring: saveStreakQuerySchema,
        response: { 200: saveStreakResultSchema },
      },
    },
    async (request) => saveStreak(transaction, requireUser(request).id, request.query.save),
  );

  r.get(
    "/api/users/activities",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "A user's last 3 activities, newest first (public; defaults to the caller)",
        querystring: activitiesQuerySchema,
        response: { 200: z.array(activitySchema) },
      },
    },
    async (request) => {
      const userId = request.query.userId ?? request.user?.id;
      if (!userId) throw badRequest("userId is required when not signed in.");
      return listActivities(db, userId);
    },
  );

  r.get(
    "/api/rank",
    {
      config: { auth: "optional" },
      schema: {
        tags: ["rank"],
        summary: "Top 50 by XP (all time or this week since Monday 00:00 UTC) and the caller's row",
        querystring: rankQuerySchema,
        response: { 200: rankSchema },
      },
    },
    async (request) => getRank(db, request.query.period, request.user?.id ?? null),
  );
}
