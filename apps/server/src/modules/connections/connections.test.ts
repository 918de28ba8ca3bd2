import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@neonlab/shared/messages";
import type { App } from "../../app.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, deleteOwnAccount, type TestUser } from "../../test/users.ts";
import { notificationCounters, notifications } from "../notifications/schema.ts";
import { previousUsernames } from "../identity/profiles/schema.ts";
import { USERNAME_RESERVED_DAYS } from "../identity/profiles/username.ts";
import { connections, userBlocks } from "./schema.ts";
import { connect, makeStranger } from "./test-helpers.ts";

type Method = "POST" | "DELETE" | "PATCH" | "GET";
const call = (app: App, user: TestUser, method: Method, path: string, friend: string) =>
  app.inject({ method, url: `/api/users/${path}?friendId=${friend}`, headers: user.headers });

const send = (app: App, a: TestUser, b: TestUser) => call(app, a, "POST", "connections", b.id);
const accept = (app: App, b: TestUser, a: TestUser) => call(app, b, "PATCH", "accept-connection-request", a.id);
const relation = async (app: App, a: TestUser, b: TestUser) =>
  (await call(app, a, "GET", "relationship", b.id)).json().relationship;

async function rowsBetween(app: App, a: TestUser, b: TestUser) {
  return app.ctx.db
    .select()
    .from(connections)
    .where(
      or(
        eq(connections.senderId, a.id),
        eq(connections.receiverId, a.id),
        eq(connections.senderId, b.id),
        eq(connections.receiverId, b.id),
      ),
    );
}

const kindsOf = async (app: App, user: TestUser) =>
  (await app.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id))).map((n) => n.kind);

describe("connections", async () => {
  const app = await createTestApp();
  const usernameOf = async (user: TestUser) =>
    (await app.inject({ url: "/api/profile", headers: user.headers })).json().username as string;

  it("request → accept: both connected, each notified once, the request's notification removed", async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const sent = await send(app, a, b);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: MESSAGES.connectionSent, relationship: "outgoing" });
    expect(await relation(app, a, b)).toBe("outgoing");
    expect(await relation(app, b, a)).toBe("incoming");
    expect(await kindsOf(app, b)).toEqual(["connection_request"]);

    const ok = await accept(app, b, a);
    expect(ok.json()).toEqual({ message: MESSAGES.connectionAccepted, relationship: "connected" });
    expect(await relation(app, a, b)).toBe("connected");
    expect(await kindsOf(app, b)).toEqual([]);
    expect(await kindsOf(app, a)).toEqual(["connection_accepted"]);
    const [counter] = await app.ctx.db.select().from(notificationCounters).where(eq(notificationCounters.userId, b.id));
    expect(counter).toMatchObject({ total: 0, unread: 0 });

    const list = (await app.inject({ url: `/api/users/connections/${await usernameOf(a)}` })).json();
    expect(list.connections.map((c: { id: string }) => c.id)).toEqual([b.id]);
    expect(list.incoming).toBeUndefined();

    const removed = await call(app, a, "DELETE", "connections", b.id);
    expect(removed.json().message).toBe(MESSAGES.connectionRemoved);
    expect(await rowsBetween(app, a, b)).toEqual([]);
  });

  it("cancel by the sender, decline by the receiver; the owner sees requests both ways", async () => {
    const [a, b, c] = [await createUser(app), await createUser(app), await createUser(app)];
    await send(app, a, b);
    await send(app, c, a);
    const own = (await app.inject({ url: `/api/users/connections/${await usernameOf(a)}`, headers: a.headers })).json();
    expect(own.outgoing.map((u: { id: string }) => u.id)).toEqual([b.id]);
    expect(own.incoming.map((u: { id: string }) => u.id)).toEqual([c.id]);

    expect((await call(app, b, "DELETE", "cancel-connection-request", a.id)).statusCode).toBe(404);
    const cancelled = await call(app, a, "DELETE", "cancel-connection-request", b.id);
    expect(cancelled.json().message).toBe(MESSAGES.connectionCanceled);
    expect(await kindsOf(app, b)).toEqual([]);
    const declined = await call(app, a, "DELETE", "decline-connection-request", c.id);
    expect(declined.json().message).toBe(MESSAGES.connectionDeclined);
    expect(await relation(app, a, c)).toBe("none");
    expect(await kindsOf(app, a)).toEqual([]);
  });

  it("bad input: 4xx with a message and nothing changed", async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const expectRefused = async (res: { statusCode: number; json: () => { message: string } }, status: number) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().message.length).toBeGreaterThan(10);
    };
    await expectRefused(await call(app, a, "POST", "connections", a.id), 400);
    await expectRefused(await call(app, a, "POST", "connections", crypto.randomUUID()), 404);
    await expectRefused(await call(app, a, "POST", "connections", "not-a-uuid"), 400);
    await expectRefused(await app.inject({ method: "POST", url: "/api/users/connections", headers: a.headers }), 400);
    expect(await rowsBetween(app, a, b)).toEqual([]);

    await send(app, a, b);
    await expectRefused(await send(app, a, b), 409);
    const crossed = await send(app, b, a);
    await expectRefused(crossed, 409);
    expect(crossed.json().message).toContain("accept that one instead");
    expect(await rowsBetween(app, a, b)).toHaveLength(1);
    expect(await kindsOf(app, b)).toEqual(["connection_request"]);
    await expectRefused(await accept(app, a, b), 404); // the sender can not accept their own request

    await call(app, a, "DELETE", "cancel-connection-request", b.id);
    const late = await accept(app, b, a);
    await expectRefused(late, 404);
    expect(late.json().message).toContain("cancelled");
    expect(await rowsBetween(app, a, b)).toEqual([]);
    await expectRefused(await call(app, a, "DELETE", "connections", b.id), 404);
    await expectRefused(await call(app, a, "DELETE", "decline-connection-request", b.id), 404);
  });

  it("blocking ends the request, refuses theirs and hides them from the blocker's lists", async () => {
    const [a, b, c] = [await createUser(app), await createUser(app), await createUser(app)];
    await send(app, b, a);
    await send(app, c, a);
    await accept(app, a, c);
    const blocked = await app.inject({ method: "POST", url: `/api/users/blocks?userId=${b.id}`, headers: a.headers });
    expect(blocked.statusCode).toBe(200);
    expect(await kindsOf(app, a)).toEqual([]);
    expect(await relation(app, a, b)).toBe("blocked");
    const refused = await send(app, b, a);
    expect(refused.statusCode).toBe(403);
    expect((await send(app, a, b)).statusCode).toBe(409);
    // b is hidden from a's view of c's connections once b connects with c.
    await send(app, b, c);
    await accept(app, c, b);
    const viewed = (
      await app.inject({ url: `/api/users/connections/${await usernameOf(c)}`, headers: a.headers })
    ).json();
    expect(viewed.connections.map((u: { id: string }) => u.id)).toEqual([a.id]);
    const own = (await app.inject({ url: `/api/users/connections/${await usernameOf(a)}`, headers: a.headers })).json();
    expect(own.blocked.map((u: { id: string }) => u.id)).toEqual([b.id]);

    await app.inject({ method: "DELETE", url: `/api/users/blocks?userId=${b.id}`, headers: a.headers });
    expect((await send(app, b, a)).statusCode).toBe(200);
  });

  it("account deletion removes the user's connections, requests, blocks and notifications; counters stay right", async () => {
    const [a, b, c] = [await createUser(app), await createUser(app), await createUser(app)];
    await send(app, a, b);
    await send(app, a, c);
    await accept(app, c, a);
    await app.inject({ method: "POST", url: `/api/users/blocks?userId=${b.id}`, headers: c.headers });
    await send(app, b, a);
    expect((await deleteOwnAccount(app, a)).statusCode).toBe(200);
    expect(await rowsBetween(app, a, b)).toEqual([]);
    expect((await app.ctx.db.select().from(connections).where(eq(connections.senderId, a.id))).length).toBe(0);
    expect(await kindsOf(app, b)).toEqual([]);
    const unread = await app.inject({ url: "/api/notifications/unread-count", headers: b.headers });
    expect(unread.json()).toEqual({ unread: 0 });
    const list = await app.inject({ url: "/api/notifications", headers: b.headers });
    expect(list.json()).toMatchObject({ items: [], total: 0, unread: 0 });
    expect((await app.ctx.db.select().from(userBlocks).where(eq(userBlocks.userId, c.id))).length).toBe(1);
  });

  it("lists connections 30 a page, newest first, with the exact total; a bad cursor is a 400", async () => {
    const owner = await createUser(app);
    const name = await usernameOf(owner);
    const db = app.ctx.db;
    const ids: string[] = [];
    for (let i = 0; i < 35; i++) {
      const other = await makeStranger(app.ctx, `Friend ${i}`);
      // Both directions: the pages merge the two sides of the pair.
      if (i % 2 === 0) await connect(db, owner.id, other, "accepted");
      else await connect(db, other, owner.id, "accepted");
      ids.push(other);
    }
    await connect(db, await makeStranger(app.ctx), owner.id, "pending");
    const first = (await app.inject({ url: `/api/users/connections/${name}`, headers: owner.headers })).json();
    expect(first).toMatchObject({ total: 35 });
    expect(first.connections).toHaveLength(30);
    expect(first.incoming).toHaveLength(1);
    expect(first.connections[0].id).toBe(ids[34]);
    const second = (
      await app.inject({ url: `/api/users/connections/${name}?before=${first.next}`, headers: owner.headers })
    ).json();
    expect(second).toMatchObject({ total: 35, next: null });
    expect(second.incoming).toBeUndefined();
    const all = [...first.connections, ...second.connections].map((c: { id: string }) => c.id);
    expect(all).toEqual([...ids].reverse());
    const cursor = (text: string) => Buffer.from(text).toString("base64url");
    for (const before of [
      "not-a-cursor",
      cursor("x|1"),
      "a%20b",
      cursor("2026-02-30 10:00:00+00|5"),
      cursor("1|5"),
      cursor("2026-01-01 10:00:00+00|99999999999"),
    ]) {
      const bad = await app.inject({ url: `/api/users/connections/${name}?before=${before}` });
      expect(bad.statusCode, before).toBe(400);
      expect(bad.json().message).toMatch(/before must be a cursor from the previous page/);
    }
  });

  it("old usernames redirect: the profile and the connections list answer under the current name", async () => {
    const a = await createUser(app);
    const old = await usernameOf(a);
    const fresh = `renamed-${crypto.randomUUID().slice(0, 6)}`;
    const put = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: a.headers,
      payload: { username: fresh },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await app.inject({ url: `/api/profiles/${old}` })).json().username).toBe(fresh);
    expect((await app.inject({ url: `/api/users/connections/${old}` })).json().user.username).toBe(fresh);
    // Someone else may take the old name once its reservation ends: it is theirs then.
    const b = await createUser(app);
    const ended = new Date(Date.now() - (USERNAME_RESERVED_DAYS + 1) * 86_400_000);
    await app.ctx.db.update(previousUsernames).set({ changedAt: ended }).where(eq(previousUsernames.username, old));
    const take = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: b.headers,
      payload: { username: old },
    });
    expect(take.statusCode, take.body).toBe(200);
    expect((await app.inject({ url: `/api/profiles/${old}` })).json().id).toBe(b.id);
  });
});
