import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { App } from "../app.ts";
import { sessions } from "../modules/identity/accounts/schema.ts";
import { readMails, sleep } from "../test/mail.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, type TestUser, uniqueEmail } from "../test/users.ts";
import { AUTH_ROUTE_RULES } from "./request-schemas.ts";

// A refused request ends at the refusal: Better Auth never sees it, so nothing is mailed, changed or created.

type Call = { path: string; body: object; headers?: Record<string, string>; ip: string };

const post = (app: App, call: Call) =>
  app.inject({
    method: "POST",
    url: `/api/auth${call.path}`,
    payload: call.body,
    headers: call.headers,
    remoteAddress: call.ip,
  });

const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

afterEach(() => {
  vi.useRealTimers();
});

/** Counts the requests that reach Better Auth, by path. */
function betterAuthCalls(app: App) {
  const calls: string[] = [];
  const original = app.ctx.auth.handler;
  const spy = vi.spyOn(app.ctx.auth, "handler").mockImplementation((request: Request) => {
    calls.push(new URL(request.url).pathname.replace("/api/auth", ""));
    return original(request);
  });
  return { of: (path: string) => calls.filter((p) => p === path).length, restore: () => spy.mockRestore() };
}

const sessionCount = async (app: App, userId: string) =>
  (await app.ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n ?? 0;

const signsIn = async (app: App, email: string, password: string, ip: string) =>
  (await post(app, { path: "/sign-in/email", body: { email, password }, ip })).statusCode === 200;

describe("a request over a per-account limit never reaches Better Auth", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true" } });

  /** A request each rule accepts; the account (e-mail, session or IP) is the same for every repeat. */
  async function callFor(path: string, index: number): Promise<Call> {
    const ip = `198.18.${index}.1`;
    const user = await createUser(app);
    const bearer = { authorization: `Bearer ${user.token}` };
    const bodies: Record<string, object> = {
      "/sign-up/email": { email: uniqueEmail(), password: "violet-kettle-42", name: "Ada" },
      "/sign-in/email": { email: user.email, password: "wrong-password" },
      "/sign-in/email-otp": { email: user.email, otp: "000000" },
      "/email-otp/verify-email": { email: user.email, otp: "000000" },
      "/email-otp/send-verification-otp": { email: user.email, type: "sign-in" },
      "/request-password-reset": { email: user.email, redirectTo: "http://localhost:3000/reset-password" },
      "/reset-password": { token: "made-up", newPassword: "violet-kettle-42" },
      "/change-password": { currentPassword: "wrong-password", newPassword: "violet-kettle-42" },
      "/change-email": { newEmail: uniqueEmail("moved") },
      "/sign-in/social": { provider: "github", callbackURL: "/", disableRedirect: true },
      "/one-time-token/verify": { token: "made-up" },
      "/sign-out": {},
      "/revoke-session": { token: "not-a-session" },
    };
    return { path, body: bodies[path] ?? {}, headers: bearer, ip };
  }

  const limited = [...Object.keys(AUTH_ROUTE_RULES), "/sign-out", "/revoke-session"];

  it.each(limited.map((path, index) => [path, index] as const))("%s", async (path, index) => {
    const call = await callFor(path, index);
    const calls = betterAuthCalls(app);
    try {
      const statuses: number[] = [];
      // Every limit is under 40 within its window; the IP limit (60 a minute) is not reached.
      for (let i = 0; i < 40; i++) statuses.push((await post(app, call)).statusCode);
      const refused = statuses.filter((status) => status === 429).length;
      expect(refused, `statuses ${statuses.join(",")}`).toBeGreaterThan(0);
      expect(calls.of(path)).toBe(statuses.length - refused);
    } finally {
      calls.restore();
    }
  });
});

describe("what a refused auth request does not do", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true" } });
  const changeEmail = (user: TestUser, newEmail: string, ip: string) =>
    post(app, { path: "/change-email", body: { newEmail }, headers: user.headers, ip });

  it("a password change over the limit changes nothing, even with the right current password", async () => {
    const user = await createUser(app);
    const change = (currentPassword: string) =>
      post(app, {
        path: "/change-password",
        body: { currentPassword, newPassword: "violet-kettle-42" },
        headers: user.headers,
        ip: "198.19.1.1",
      });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-guess-${i}`)).statusCode).not.toBe(429);
    const right = await change(user.password);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    await sleep(1000); // a request that went on after its 429 would finish meanwhile
    expect(await signsIn(app, user.email, user.password, "198.19.1.2")).toBe(true);
    expect(await signsIn(app, user.email, "violet-kettle-42", "198.19.1.3")).toBe(false);
  });

  it("a sign-in over the limit creates no session, even with the right password", async () => {
    const user = await createUser(app);
    const before = await sessionCount(app, user.id);
    for (let i = 0; i < 10; i++) await signsIn(app, user.email, "wrong-password", "198.19.2.1");
    const right = await post(app, {
      path: "/sign-in/email",
      body: { email: user.email, password: user.password },
      ip: "198.19.2.2",
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers["set-auth-token"]).toBeUndefined();
    await sleep(1000);
    expect(await sessionCount(app, user.id)).toBe(before);
  });

  it("password reset mails stop at the burst limit (3 in 5 minutes)", async () => {
    const user = await createUser(app);
    const ask = () =>
      post(app, {
        path: "/request-password-reset",
        body: { email: user.email, redirectTo: "http://localhost:3000/reset-password" },
        ip: "198.19.4.1",
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await ask()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    await sleep(300);
    const resets = (await readMails(app, user.email)).filter((m) => /Reset your NeonLab password/.test(m.subject));
    expect(resets).toHaveLength(3);
  });

  it("one session asking e-mail changes to a stranger's address sends at most its limit (3)", async () => {
    const attacker = await createUser(app);
    const victim = uniqueEmail("victim");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await changeEmail(attacker, victim, "198.19.5.1")).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    await sleep(300);
    expect(await readMails(app, victim)).toHaveLength(3);
  });

  it("e-mail change confirmations to one address stop at 5 an hour, whoever asks", async () => {
    const victim = uniqueEmail("victim");
    for (let i = 0; i < 5; i++) {
      const asker = await createUser(app);
      expect((await changeEmail(asker, victim, `198.19.6.${i}`)).statusCode).toBe(200);
    }
    const sixth = await changeEmail(await createUser(app), victim, "198.19.6.9");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many emails were sent to this address in the last hour\./);
    await sleep(300);
    expect(await readMails(app, victim)).toHaveLength(5);
  });

  it("unconfirmed sign-ins mail at most 5 codes to one address an hour", async () => {
    const email = uniqueEmail("unconfirmed");
    const password = "violet-kettle-42";
    const signUp = await post(app, {
      path: "/sign-up/email",
      body: { email, password, name: "Ada" },
      ip: "198.19.7.1",
    });
    expect(signUp.statusCode).toBe(200);
    for (let i = 0; i < 8; i++) {
      advance(61); // past the once-a-minute rule of code mails
      await post(app, { path: "/sign-in/email", body: { email, password }, ip: `198.19.7.${i + 2}` });
    }
    await sleep(300);
    expect((await readMails(app, email)).length).toBe(5);
  });
});
