import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { connected, disconnection, listen, nextEvent, refused, socketOpener } from "../test/sockets.ts";
import { createTestApp, createTestDatabase } from "../test/test-app.ts";
import { createUser, deleteOwnAccount } from "../test/users.ts";

const open = socketOpener();

describe("realtime", async () => {
  const app = await createTestApp();
  const url = await listen(app);

  it("refuses a handshake without a token or with a bad one", async () => {
    expect(await refused(open(url))).toBe("unauthorized");
    expect(await refused(open(url, "not-a-session"))).toBe("unauthorized");
  });

  it("connects with a bearer token and delivers events to that user only", async () => {
    const ada = await createUser(app);
    const bob = await createUser(app);
    const adaSocket = open(url, ada.token);
    const bobSocket = open(url, bob.token);
    await Promise.all([connected(adaSocket), connected(bobSocket)]);
    let bobGotIt = false;
    bobSocket.on("notification", () => {
      bobGotIt = true;
    });
    const received = nextEvent<{ kind: string }>(adaSocket, "notification");
    app.ctx.realtime.toUser(ada.id, "notification", { kind: "connection_request" });
    expect(await received).toEqual({ kind: "connection_request" });
    await new Promise((r) => setTimeout(r, 100));
    expect(bobGotIt).toBe(false);
  });

  it("accepts the token in the Authorization header too", async () => {
    const user = await createUser(app);
    await connected(open(url, undefined, { authorization: `Bearer ${user.token}` }));
  });

  it("refuses a token after sign-out and drops sockets of a deleted account", async () => {
    const user = await createUser(app);
    const socket = open(url, user.token);
    await connected(socket);
    const dropped = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    const res = await deleteOwnAccount(app, user);
    expect(res.statusCode).toBe(200);
    expect(await dropped).toBe("io server disconnect");
    expect(await refused(open(url, user.token))).toBe("unauthorized");

    const other = await createUser(app);
    const signOut = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: other.headers,
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect(await refused(open(url, other.token))).toBe("unauthorized");
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisDown = await (async () => {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    probe.disconnect();
  }
})();
if (redisDown)
  console.warn(`Skipping the two-instance realtime test: Redis at ${redisUrl} is unreachable (${redisDown}).`);

describe("realtime across instances with REDIS_URL", async () => {
  // Two instances on one database and one Redis; they must share the auth secret to accept each other's tokens.
  const instances = redisDown ? undefined : await startTwoInstances();

  it.skipIf(Boolean(redisDown))("delivers an event emitted on instance A to a client on instance B", async () => {
    if (!instances) throw new Error("instances not started");
    const { a, urlB } = instances;
    const user = await createUser(a);
    const socket = open(urlB, user.token);
    await connected(socket);
    // Only this user's sockets get it; a fresh user per run, so the event can only be this one.
    const received = nextEvent<{ kind: string }>(socket, "notification");
    a.ctx.realtime.toUser(user.id, "notification", { kind: "badge_earned" });
    expect(await received).toEqual({ kind: "badge_earned" });
  });

  it.skipIf(Boolean(redisDown))("a sign-out on A closes that session's socket on B, and only that one", async () => {
    if (!instances) throw new Error("instances not started");
    const { a, urlB } = instances;
    const user = await createUser(a);
    const phone = await a.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: user.email, password: user.password },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const signedOut = open(urlB, user.token);
    const kept = open(urlB, phone.headers["set-auth-token"] as string);
    await Promise.all([connected(signedOut), connected(kept)]);
    const closed = disconnection(signedOut);
    const res = await a.inject({ method: "POST", url: "/api/auth/sign-out", headers: user.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
    const received = nextEvent<{ kind: string }>(kept, "notification");
    a.ctx.realtime.toUser(user.id, "notification", { kind: "badge_earned" });
    expect(await received).toEqual({ kind: "badge_earned" });
    expect(kept.connected).toBe(true);
  });
});

async function startTwoInstances() {
  const shared = await createTestDatabase();
  afterAll(() => shared.drop());
  const env = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `neonlab-test-${randomBytes(6).toString("hex")}:`,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  };
  const a = await createTestApp({ env, database: shared.database });
  const b = await createTestApp({ env, database: shared.database });
  await listen(a);
  const urlB = await listen(b);
  return { a, urlB };
}
