import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { allOwnedBy, EXPECT, jsonOf, type MatrixContext, me, mustBeMe, type RouteEntry } from "./types.ts";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../modules/notifications/schema.ts";
import { createNotification } from "../../modules/notifications/service.ts";

const { signedIn } = EXPECT;

/** An unread notification of the caller's own (about a fresh subject, so the hourly limit lets it through). */
async function ownNotification(ctx: MatrixContext, actor: string) {
  const user = me(ctx, actor as "userA");
  if (!user) return 2 ** 31 - 1;
  const db = ctx.app.ctx.db as Db;
  const made = await createNotification(db, {
    userId: user.id,
    kind: "badge_earned",
    subject: `matrix:${crypto.randomUUID()}`,
  });
  return made?.id ?? 0;
}

/** Authorization matrix rows of the notifications module (test/authz-matrix.ts). */
export const NOTIFICATION_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/notifications",
    access: "user",
    cases: [
      {
        name: "own list",
        setup: ownNotification,
        request: () => ({ method: "GET", url: "/api/notifications" }),
        expect: signedIn(200),
        check: async (ctx, actor, res) => {
          const body = jsonOf(res) as { items: { id: number }[] };
          const owner = mustBeMe(ctx, actor).id;
          for (const item of body.items) {
            const [row] = await ctx.app.ctx.db
              .select({ userId: notifications.userId })
              .from(notifications)
              .where(eq(notifications.id, item.id));
            allOwnedBy([{ user_id: row?.userId }], owner);
          }
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/notifications/unread-count",
    access: "user",
    cases: [
      {
        name: "own count",
        request: () => ({ method: "GET", url: "/api/notifications/unread-count" }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/notifications/:id/read",
    access: "user",
    note: "Each actor marks user A's notification: only A may (404 for everyone else, nothing changed).",
    cases: [
      {
        name: "user A's notification",
        setup: async (ctx) => ownNotification(ctx, "userA"),
        request: (_ctx, _actor, id: number) => ({ method: "PATCH", url: `/api/notifications/${id}/read` }),
        expect: { ...signedIn(404), userA: 200 },
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/notifications/read-all",
    access: "user",
    cases: [
      {
        name: "all own read",
        setup: ownNotification,
        request: () => ({ method: "PATCH", url: "/api/notifications/read-all" }),
        expect: signedIn(200),
        check: (_ctx, _actor, res) => expect(jsonOf(res)).toEqual({ unread: 0 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/notifications/preferences",
    access: "user",
    cases: [
      {
        name: "own settings",
        request: () => ({ method: "GET", url: "/api/notifications/preferences" }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: "PUT",
    url: "/api/notifications/preferences",
    access: "user",
    cases: [
      {
        name: "switch a kind off",
        request: () => ({
          method: "PUT",
          url: "/api/notifications/preferences",
          payload: { paused: false, disabled: ["badge_earned"] },
        }),
        expect: signedIn(200),
      },
    ],
  },
];
