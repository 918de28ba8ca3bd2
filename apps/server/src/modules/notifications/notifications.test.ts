import { eq, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { listen } from "../../test/burst.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { notificationCounters, notifications } from "./schema.ts";
import { createNotification } from "./service.ts";

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

describe("notifications", async () => {
  const app: App = await createTestApp();
  const base = await listen(app);
  const db = app.ctx.db;
  const get = (user: TestUser, url: string) => app.inject({ url, headers: user.headers });
  const patch = (user: TestUser, url: string) => app.inject({ method: "PATCH", url, headers: user.headers });
  const make = (user: TestUser, subject: string) =>
    createNotification(db, { userId: user.id, kind: "badge_earned", subject });

  it("lists newest first, 15 a page by keyset, with exact totals; marks one and all read", async () => {
    const user = await createUser(app);
    for (let i = 0; i < 20; i++) await make(user, `badge:${i}`);
    const first = (await get(user, "/api/notifications")).json();
    expect(first.items).toHaveLength(15);
    expect(first).toMatchObject({ total: 20, unread: 20 });
    const ids = first.items.map((n: { id: number }) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = (await get(user, `/api/notifications?before=${first.next_before}`)).json();
    expect(second.items).toHaveLength(5);
    expect(second.next_before).toBeNull();
    expect(second.items[0].id).toBeLessThan(ids.at(-1));

    expect((await patch(user, `/api/notifications/${ids[0]}/read`)).json()).toEqual({ unread: 19 });
    expect((await patch(user, `/api/notifications/${ids[0]}/read`)).json()).toEqual({ unread: 19 });
    expect((await patch(user, "/api/notifications/read-all")).json()).toEqual({ unread: 0 });
    expect((await get(user, "/api/notifications/unread-count")).json()).toEqual({ unread: 0 });
    const [row] = await db.select().from(notificationCounters).where(eq(notificationCounters.userId, user.id));
    expect(row).toMatchObject({ total: 20, unread: 0 });
  });

  it("refuses others' notifications and bad ids with 4xx, nothing changed", async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const made = await make(a, "badge:x");
    expect((await patch(b, `/api/notifications/${made?.id}/read`)).statusCode).toBe(404);
    expect((await patch(b, "/api/notifications/abc/read")).statusCode).toBe(400);
    expect((await get(b, "/api/notifications?before=-1")).statusCode).toBe(400);
    expect((await get(a, "/api/notifications/unread-count")).json()).toEqual({ unread: 1 });
    const bad = await app.inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      headers: a.headers,
      payload: { paused: false, disabled: ["no_such_kind"] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("policy: a kind switched off, pause all, and one of a kind about the same thing an hour", async () => {
    const user = await createUser(app);
    const save = (prefs: object) =>
      app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: user.headers, payload: prefs });
    expect((await save({ paused: false, disabled: ["badge_earned"] })).statusCode).toBe(200);
    expect(await make(user, "badge:1")).toBeNull();
    await save({ paused: true, disabled: [] });
    expect(await make(user, "badge:1")).toBeNull();
    await save({ paused: false, disabled: [] });
    expect(await make(user, "badge:1")).not.toBeNull();
    expect(await make(user, "badge:1")).toBeNull(); // the same thing within the hour
    expect(await make(user, "badge:2")).not.toBeNull();
    await db.execute(
      sql`update notification_throttle set last_at = now() - interval '61 minutes' where user_id = ${user.id}`,
    );
    expect(await make(user, "badge:1")).not.toBeNull();
    expect((await get(user, "/api/notifications")).json().total).toBe(3);
  });

  it("a connection request reaches the receiver's socket at once; accepting removes it live", async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const socket = connect(base, {
      auth: { token: b.token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const arrived = new Promise<{ kind: string; id: number }>((resolve) => socket.once("notification", resolve));
    await app.inject({ method: "POST", url: `/api/users/connections?friendId=${b.id}`, headers: a.headers });
    const pushed = await arrived;
    expect(pushed.kind).toBe("connection_request");
    const [row] = await db.select().from(notifications).where(eq(notifications.id, pushed.id));
    expect(row?.userId).toBe(b.id);
    const removed = new Promise<{ id: number }>((resolve) => socket.once("notification:removed", resolve));
    await app.inject({
      method: "PATCH",
      url: `/api/users/accept-connection-request?friendId=${a.id}`,
      headers: b.headers,
    });
    expect((await removed).id).toBe(pushed.id);
  });

  it("a subscription's notice that no longer holds goes: reactivated, ended (rows of the earlier subjects too)", async () => {
    const user = await createUser(app);
    const change = (status: string, cancelAtPeriodEnd: boolean, hasPaidAccess = true) =>
      app.ctx.transaction(({ publish }) =>
        publish("subscription.changed", {
          userId: user.id,
          subscriptionId: "sub_1",
          status,
          cancelAtPeriodEnd,
          currentPeriodEnd: "2026-12-28T10:00:00.000Z",
          hasPaidAccess,
        }),
      );
    const notices = async () =>
      ((await get(user, "/api/notifications")).json().items as { kind: string; data: Record<string, unknown> }[])
        .filter((n) => n.kind === "subscription_changed")
        .map((n) => n.data);
    // A row written before notices were keyed by what they say: its subject was `<status>:<cancel>`, no link.
    await createNotification(db, {
      userId: user.id,
      kind: "subscription_changed",
      subject: "subscription:sub_1:active:true",
      data: { status: "active", cancel_at_period_end: true, period_end: "2026-12-28T10:00:00.000Z", has_access: true },
    });
    await change("active", false);
    // Reactivated: the old "will end" row is gone; "Pro is active" is news, with the date as data and a link.
    expect(await notices()).toEqual([
      {
        status: "active",
        cancel_at_period_end: false,
        period_end: "2026-12-28T10:00:00.000Z",
        has_access: true,
        subject_title: "NeonLab Pro",
        link: "/settings?tab=subscription",
      },
    ]);
    await change("active", true);
    expect((await notices()).map((d) => d.cancel_at_period_end)).toEqual([true, false]);
    await change("active", false);
    expect((await notices()).map((d) => d.cancel_at_period_end)).toEqual([false]);
    // Ended: only "has ended" is left.
    await change("canceled", false, false);
    expect((await notices()).map((d) => d.has_access)).toEqual([false]);
    expect((await get(user, "/api/notifications/unread-count")).json()).toEqual({ unread: 1 });
  });

  it("lists a notification stored without a subject's title or link as it is", async () => {
    const user = await createUser(app);
    await createNotification(db, {
      userId: user.id,
      kind: "report_resolved",
      subject: "report:1",
      data: { report_id: 1, report_kind: "app" },
    });
    const [item] = (await get(user, "/api/notifications")).json().items;
    expect(item).toMatchObject({ kind: "report_resolved", data: { report_id: 1, report_kind: "app" } });
  });

  it("a badge earned (the existing event) becomes a notification", async () => {
    const user = await createUser(app);
    await app.ctx.transaction(({ publish }) =>
      publish("badge.earned", { userId: user.id, chapterId: 1, badgeId: 7, badgeName: "File Wrangler" }),
    );
    const list = (await get(user, "/api/notifications")).json();
    expect(list.items[0]).toMatchObject({ kind: "badge_earned", data: { badge_id: 7, badge_name: "File Wrangler" } });
  });
});
