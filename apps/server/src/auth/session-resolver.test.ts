import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../modules/identity/accounts/schema.ts";
import { profiles } from "../modules/identity/profiles/schema.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser } from "../test/users.ts";
import { createSessionResolver, verifiedSessionToken } from "./session-resolver.ts";

describe("session fast path", async () => {
  const app = await createTestApp();
  const { db, config, transaction } = app.ctx;

  it("accepts Better Auth's signed bearer token and refuses a forged signature", async () => {
    const user = await createUser(app);
    const [value, signature] = decodeURIComponent(user.token).split(".");
    expect(verifiedSessionToken(user.token, config.authSecret)).toBe(value);
    const forged = `${value}.${signature?.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`;
    expect(verifiedSessionToken(forged, config.authSecret)).toBeNull();
    const res = await app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
  });

  it("answers a route that needs a user with 401 and why; an optional one with a dead token as signed out", async () => {
    const none = await app.inject({ url: "/api/profile" });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe("You need to sign in to do that.");
    const dead = { authorization: "Bearer no-such-session-token" };
    const expired = await app.inject({ url: "/api/profile", headers: dead });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe("Your session has expired. Please sign in again.");
    const rank = await app.inject({ url: "/api/rank", headers: dead });
    expect(rank.statusCode).toBe(200);
    expect(rank.json().me).toBeNull();
  });

  it("makes sign-out effective at once, even right after a cached request", async () => {
    const user = await createUser(app);
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).statusCode).toBe(200);
    const out = await app.inject({ method: "POST", url: "/api/auth/sign-out", headers: user.headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).statusCode).toBe(401);
  });

  it("sees role changes and revoked sessions made elsewhere within the cache time", async () => {
    const user = await createUser(app);
    let clock = Date.now();
    const resolver = createSessionResolver({
      db,
      transaction,
      secret: config.authSecret,
      ttlMs: 5_000,
      now: () => clock,
    });
    expect((await resolver.resolve(user.token))?.role).toBe("user");

    await db.update(profiles).set({ role: "moderator" }).where(eq(profiles.id, user.id));
    expect((await resolver.resolve(user.token))?.role).toBe("user");
    clock += 5_001;
    expect((await resolver.resolve(user.token))?.role).toBe("moderator");

    await db.delete(sessions).where(eq(sessions.userId, user.id));
    clock += 5_001;
    expect(await resolver.resolve(user.token)).toBeNull();
  });

  it("refuses an expired session even while it is cached", async () => {
    const user = await createUser(app);
    let clock = Date.now();
    const resolver = createSessionResolver({
      db,
      transaction,
      secret: config.authSecret,
      ttlMs: 60_000,
      now: () => clock,
    });
    expect(await resolver.resolve(user.token)).not.toBeNull();
    const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user.id));
    clock = row!.expiresAt.getTime() + 1;
    expect(await resolver.resolve(user.token)).toBeNull();
  });
});
