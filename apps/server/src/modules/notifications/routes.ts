import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  notificationIdParamsSchema,
  notificationPreferencesSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from "@neonlab/shared/schemas/community";
import { requireUser } from "../../session-guards.ts";
import type { Db } from "../../db/client.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { getPreferences, listNotifications, markAllRead, markRead, savePreferences, unreadCount } from "./service.ts";

const tags = ["notifications"];

/** The signed-in user's notifications: list, unread count, read marks, preferences; created from events. */
export async function notificationRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notifications",
    {
      schema: {
        tags,
        operationId: "listNotifications",
        summary: "Own notifications, newest first, 15 a page (keyset: before=<last id>), with exact totals",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema },
      },
    },
    async (request) => listNotifications(db, requireUser(request).id, request.query.before),
  );

  // The routes that read or change the caller's own state and take nothing else: one shape, one line each.
  // (The plain instance: the answer is still checked and serialised by `response`.)
  const own = (
    method: "GET" | "PATCH",
    url: string,
    operationId: string,
    summary: string,
    response: z.ZodType,
    run: (db: Db, userId: string) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url,
      schema: { tags, operationId, summary, response: { 200: response } },
      handler: async (request) => run(db, requireUser(request).id),
    });

  own(
    "GET",
    "/api/notifications/unread-count",
    "countUnreadNotifications",
    "How many of own notifications are unread",
    unreadCountSchema,
    unreadCount,
  );
  own(
    "PATCH",
    "/api/notifications/read-all",
    "markAllNotificationsRead",
    "Mark every own notification read",
    unreadCountSchema,
    markAllRead,
  );
  own(
    "GET",
    "/api/notifications/preferences",
    "getNotificationPreferences",
    "Own notification settings: kinds switched off, pause all",
    notificationPreferencesSchema,
    getPreferences,
  );

  r.patch(
    "/api/notifications/:id/read",
    {
      schema: {
        tags,
        operationId: "markNotificationRead",
        summary: "Mark one own notification read",
        params: notificationIdParamsSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => markRead(ctx.transaction, requireUser(request).id, request.params.id),
  );

  r.put(
    "/api/notifications/preferences",
    {
      schema: {
        tags,
        operationId: "saveNotificationPreferences",
        summary: "Save own notification settings",
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => savePreferences(db, requireUser(request).id, request.body),
  );
}
