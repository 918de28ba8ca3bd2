import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  notificationIdParamsSchema,
  notificationPreferencesSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from "@neonlab/shared/schemas/community";
import { requireUser } from "../../auth/session.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { getPreferences, listNotifications, markAllRead, markRead, savePreferences, unreadCount } from "./service.ts";
import { wireNotifications } from "./wiring.ts";

const tags = ["notifications"];

/** The signed-in user's notifications: list, unread count, read marks, preferences; created from events. */
export async function notificationRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  wireNotifications(ctx);

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

  r.get(
    "/api/notifications/unread-count",
    {
      schema: {
        tags,
        operationId: "countUnreadNotifications",
        summary: "How many of own notifications are unread",
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => unreadCount(db, requireUser(request).id),
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
    async (request) => markRead(db, requireUser(request).id, request.params.id),
  );

  r.patch(
    "/api/notifications/read-all",
    {
      schema: {
        tags,
        operationId: "markAllNotificationsRead",
        summary: "Mark every own notification read",
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => markAllRead(db, requireUser(request).id),
  );

  r.get(
    "/api/notifications/preferences",
    {
      schema: {
        tags,
        operationId: "getNotificationPreferences",
        summary: "Own notification settings: kinds switched off, pause all",
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => getPreferences(db, requireUser(request).id),
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
