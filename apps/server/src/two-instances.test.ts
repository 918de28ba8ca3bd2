import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Redis } from "ioredis";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_MAX_WRONG_TRIES } from "@neonlab/shared/constants";
import { closing, connected, nextEvent } from "./test/sockets.ts";
import { createTestDatabase } from "./test/test-app.ts";
import { uniqueEmail } from "./test/users.ts";

// Two server processes on one PostgreSQL database and one Redis share what a user notices.
// Runs where CI provides both (TEST_DATABASE_URL and TEST_REDIS_URL); skipped otherwise.
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && "TEST_DATABASE_URL", !redisUrl && "TEST_REDIS_URL"].filter(Boolean);
if (missing.length > 0) console.warn(`Skipping the two-instance test: ${missing.join(" and ")} not set.`);

type Instance = { url: string; child: ChildProcess; log: string[] };
type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

const serverDir = resolve(import.meta.dirname, "..");
const secret = randomBytes(32).toString("hex");
const prefix = `neonlab-test-${randomBytes(6).toString("hex")}:`;

/** Starts `src/server.ts` in a child process on an ephemeral port; resolves once it listens. */
function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${log.join("\n")}`)), 150_000);
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        log.push(line);
        const address = line.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
        if (address) {
          clearTimeout(timer);
          resolveStart({ url: address, child, log });
        }
      }
    };
    child.stdout.on("data", onLine);
    child.stderr.on("data", onLine);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code}:\n${log.join("\n")}`));
    });
  });
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((r) => instance.child.once("exit", r));
  instance.child.kill("SIGTERM");
  await exited;
}

async function call(
  base: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; ip?: string } = {},
): Promise<Answer> {
  // What a browser on the app's origin sends (Better Auth refuses a write without an Origin).
  const headers: Record<string, string> = { origin: "http://localhost:3000" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  const res = await fetch(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

// Each instance keeps a session's answer 5 s (decision 002); a refusal well before that shows the instance
// that made the change told the other one (decision 015), rather than the other one's cache running out.
const TOLD_MS = 2_500;

/** Polls `check` every 100 ms until it holds; resolves to the milliseconds it took, or fails after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start <= limitMs) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${limitMs} ms`);
}

let nextIp = 0;
/** A made-up client address (TRUST_PROXY is on), so the per-IP limit never gets in the way of a check. */
const freshIp = () => `198.51.100.${++nextIp}`;

/** The newest code mailed to `email` (dev outbox of `base`) that is not `previous`. */
async function mailedCode(base: string, email: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await within(10_000, async () => {
    const mails = (await call(base, `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as unknown as {
      text: string;
    }[];
    code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
    return Boolean(code) && code !== previous;
  });
  return code as string;
}

/** Signs up on `base`, confirms with the code from its dev outbox, and returns the bearer token. */
async function createUser(base: string) {
  const email = uniqueEmail("twin");
  const password = "correct-horse-battery";
  const ip = freshIp();
  const signUp = await call(base, "/api/auth/sign-up/email", { body: { email, password, name: "Twin Tester" }, ip });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const code = await mailedCode(base, email);
  const verify = await call(base, "/api/auth/email-otp/verify-email", { body: { email, otp: code }, ip });
  expect(verify.status, JSON.stringify(verify.body)).toBe(200);
  const token = verify.headers.get("set-auth-token");
  if (!token) throw new Error("no token after confirming the address");
  return { email, password, token, code, id: (verify.body.user as { id: string }).id };
}

const signIn = async (base: string, email: string, password: string, ip = freshIp()) =>
  call(base, "/api/auth/sign-in/email", { body: { email, password }, ip });

const profileStatus = async (base: string, token: string) => (await call(base, "/api/profile", { token })).status;

describe.skipIf(missing.length > 0)("two instances on one database and one Redis", () => {
  let a: Instance | undefined;
  let b: Instance | undefined;
  let drop: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "neonlab-two-"));

  beforeAll(async () => {
    const database = await createTestDatabase({ kind: "postgres", poolSize: 2 });
    drop = database.drop;
    const env = {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      PUBLIC_URL: "http://localhost:3000",
      DATABASE_URL: database.url as string,
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: prefix,
      BETTER_AUTH_SECRET: secret,
      AUTH_RATE_LIMIT: "true",
      TRUST_PROXY: "true",
      DEV_OUTBOX: "true",
      IMPORT_CONTENT: "false",
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, "no-web-build"),
      LOG_LEVEL: "info",
    };
    // One after the other: the first applies anything the database still lacks (the job queue's schema).
    a = await startInstance(env);
    b = await startInstance(env);
  }, 320_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl as string);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  const urls = () => {
    if (!a || !b) throw new Error("instances not started");
    return { A: a.url, B: b.url };
  };

  it("a session made on A works on B, and a sign-out on A is refused on B within 5 s", async () => {
    const { A, B } = urls();
    const user = await createUser(A);
    expect(await profileStatus(B, user.token)).toBe(200);
    expect(await profileStatus(A, user.token)).toBe(200);
    const signOut = await call(A, "/api/auth/sign-out", { body: {}, token: user.token });
    expect(signOut.status).toBe(200);
    expect(await profileStatus(A, user.token)).toBe(401);
    const took = await within(5_000, async () => (await profileStatus(B, user.token)) === 401);
    expect(took).toBeLessThan(TOLD_MS);
  });

  it("a password change on A that signs out other devices ends B's session within 5 s", async () => {
    const { A, B } = urls();
    const user = await createUser(A);
    const other = await signIn(B, user.email, user.password);
    expect(other.status).toBe(200);
    const otherToken = other.headers.get("set-auth-token") as string;
    expect(await profileStatus(B, otherToken)).toBe(200);
    const change = await call(A, "/api/auth/change-password", {
      token: user.token,
      body: { currentPassword: user.password, newPassword: "a-new-harbour-lantern-7", revokeOtherSessions: true },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const took = await within(5_000, async () => (await profileStatus(B, otherToken)) === 401);
    expect(took).toBeLessThan(TOLD_MS);
    // The session that made the change goes on with its new token, on both.
    const renewed = change.body.token as string;
    expect(await profileStatus(B, renewed)).toBe(200);
  });

  it("a sign-out on A closes that session's socket on B; the user's other session keeps its socket on B", async () => {
    const { A, B } = urls();
    const [user, sender] = [await createUser(A), await createUser(A)];
    const phone = await signIn(A, user.email, user.password);
    expect(phone.status).toBe(200);
    const [signedOut, kept] = [user.token, phone.headers.get("set-auth-token") as string].map((token) =>
      connect(B, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true }),
    ) as [Socket, Socket];
    try {
      await Promise.all([connected(signedOut), connected(kept)]);
      const closed = closing(signedOut);
      expect((await call(A, "/api/auth/sign-out", { body: {}, token: user.token })).status).toBe(200);
      expect(await closed()).toEqual(["io server disconnect"]);
      // The other session's socket still hears the user's events (a connection request sent on A).
      const rang = nextEvent<{ kind: string }>(kept, "notification");
      const sent = await call(A, `/api/users/connections?friendId=${user.id}`, { method: "POST", token: sender.token });
      expect(sent.status).toBe(200);
      expect((await rang).kind).toBe("connection_request");
      expect(kept.connected).toBe(true);
    } finally {
      signedOut.disconnect();
      kept.disconnect();
    }
  });

  it("counts sign-in failures on both instances against one per-account limit", async () => {
    const { A, B } = urls();
    const user = await createUser(A);
    // 10 wrong passwords per address in 5 minutes: 5 on each instance, each from another address.
    for (let i = 0; i < 5; i++) {
      expect((await signIn(A, user.email, "wrong-password")).status).toBe(401);
      expect((await signIn(B, user.email, "wrong-password")).status).toBe(401);
    }
    const blockedOnA = await signIn(A, user.email, user.password);
    expect(blockedOnA.status).toBe(429);
    expect(Number(blockedOnA.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signIn(B, user.email.toUpperCase(), user.password)).status).toBe(429);
  });

  it("counts one address's auth calls on both instances against one per-IP limit", async () => {
    const { A, B } = urls();
    const ip = freshIp();
    const empty = (base: string) => call(base, "/api/auth/sign-in/email", { body: {}, ip });
    // 60 writes a minute per IP: 30 on each.
    for (let i = 0; i < 30; i++) {
      expect((await empty(A)).status).toBe(400);
      expect((await empty(B)).status).toBe(400);
    }
    expect((await empty(A)).status).toBe(429);
    expect((await empty(B)).status).toBe(429);
  });

  it("checks one e-mail code on one instance at a time: 10 simultaneous wrong guesses on A and B count 5 tries", async () => {
    const { A, B } = urls();
    const user = await createUser(A);
    const asked = await call(A, "/api/auth/email-otp/send-verification-otp", {
      body: { email: user.email, type: "sign-in" },
      ip: freshIp(),
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const code = await mailedCode(A, user.email, user.code);
    const wrong = Array.from({ length: 10 }, (_, i) =>
      String((Number(code) + (i + 1) * 7919) % 1_000_000).padStart(6, "0"),
    );
    const answers = await Promise.all(
      wrong.map((otp, i) =>
        call(i % 2 === 0 ? A : B, "/api/auth/sign-in/email-otp", { body: { email: user.email, otp }, ip: freshIp() }),
      ),
    );
    // A guess that raced another one would be answered "invalid" without being counted (decision 003).
    expect(answers.filter((a) => a.status === 400)).toHaveLength(CODE_MAX_WRONG_TRIES);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(10 - CODE_MAX_WRONG_TRIES);
  });

  it("a connection request made on A rings the receiver's bell on B (a notification over the Redis adapter)", async () => {
    const { A, B } = urls();
    const [sender, receiver] = [await createUser(A), await createUser(B)];
    const socket: Socket = connect(B, {
      auth: { token: receiver.token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((ok, fail) => {
        socket.once("connect", () => ok());
        socket.once("connect_error", fail);
      });
      const rang = new Promise<{ kind: string }>((ok, fail) => {
        const timer = setTimeout(() => fail(new Error("no notification on B within 5 s")), 5_000);
        socket.once("notification", (payload: { kind: string }) => {
          clearTimeout(timer);
          ok(payload);
        });
      });
      const sent = await call(A, `/api/users/connections?friendId=${receiver.id}`, {
        method: "POST",
        token: sender.token,
      });
      expect(sent.status).toBe(200);
      expect((await rang).kind).toBe("connection_request");
      const count = await call(B, "/api/notifications/unread-count", { token: receiver.token });
      expect(count.body).toEqual({ unread: 1 });
    } finally {
      socket.disconnect();
    }
  });

  it("a realtime event emitted on A reaches a socket connected to B", async () => {
    const { A, B } = urls();
    const user = await createUser(A);
    const socket: Socket = connect(B, {
      auth: { token: user.token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((ok, fail) => {
        socket.once("connect", () => ok());
        socket.once("connect_error", fail);
      });
      // Deleting the account on A closes the user's sockets everywhere (A emits, B's socket hears it).
      const closed = closing(socket);
      const deleted = await call(A, "/api/users", {
        method: "DELETE",
        token: user.token,
        body: { password: user.password },
      });
      expect(deleted.status).toBe(200);
      expect(await closed()).toEqual(["io server disconnect"]);
    } finally {
      socket.disconnect();
    }
  });
});
