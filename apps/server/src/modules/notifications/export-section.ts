import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import { profileRows } from "../identity/service.ts";
import { notificationPreferences, notifications } from "./schema.ts";

/** The user's notifications (who caused one: by public names only) and their notification settings. */
export const notificationsExportSection = exportSection({
  key: "notifications",
  title: "Notifications and their settings",
  schema: z.object({
    notifications: z.array(
      z.object({
        kind: z.string(),
        data: z.record(z.string(), z.unknown()),
        from: z.object({ username: z.string(), displayName: z.string() }).nullable(),
        read: z.boolean(),
        at: timestamp,
      }),
    ),
    preferences: z.object({ paused: z.boolean(), disabledKinds: z.array(z.string()) }),
  }),
  async collect(db, userId) {
    const actor = profileRows.table;
    const rows = await db
      .select({
        kind: notifications.kind,
        data: notifications.data,
        read: notifications.read,
        at: notifications.createdAt,
        username: actor.username,
        displayName: actor.displayName,
      })
      .from(notifications)
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id));
    const [prefs] = await db
      .select({ paused: notificationPreferences.paused, disabled: notificationPreferences.disabled })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return {
      notifications: rows.map((n) => ({
        kind: n.kind,
        data: n.data,
        from: n.username && n.displayName ? { username: n.username, displayName: n.displayName } : null,
        read: n.read,
        at: iso(n.at),
      })),
      preferences: { paused: prefs?.paused ?? false, disabledKinds: prefs?.disabled ?? [] },
    };
  },
});
