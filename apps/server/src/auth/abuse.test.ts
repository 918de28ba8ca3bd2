import { desc, eq } from "drizzle-orm";
import { CODE_MAX_WRONG_TRIES } from "@neonlab/shared/constants";
import { describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { verifications } from "../modules/identity/accounts/schema.ts";
import { waitForMail } from "../test/mail.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail, waitForCode } from "../test/users.ts";
import { type CodeType, otpIdentifier } from "./code-throttle.ts";

const N = 50;

/** N distinct six-digit codes, none of them `right`. */
function wrongCodes(right: string, n = N): string[] {
  const codes: string[] = [];
  for (let i = 1; codes.length < n; i++) {
    const code = String((Number(right) + i * 7919) % 1_000_000).padStart(6, "0");
    if (code !== right) codes.push(code);
  }
  return codes;
}

/** The live code's rows for an address: Better Auth keeps `<hash>:<wrong tries>` in `value`. */
async function codeRows(app: App, type: CodeType, email: string) {
  const rows = await app.ctx.db
    .select()
    .from(verifications)
    .where(eq(verifications.identifier, otpIdentifier(type, email)))
    .orderBy(desc(verifications.createdAt));
  return rows.map((row) => ({ ...row, attempts: Number(row.value.slice(row.value.lastIndexOf(":") + 1)) }));
}

const CODE_PATHS = {
  "sign-in": "/api/auth/sign-in/email-otp",
  "email-verification": "/api/auth/email-otp/verify-email",
} as const;

const checkCode = (app: App, type: CodeType, email: string, otp: string) =>
  app.inject({ method: "POST", url: CODE_PATHS[type], payload: { email, otp } });

const requestCode = (app: App, type: CodeType, email: string) =>
  app.inject({ method: "POST", url: "/api/auth/email-otp/send-verification-otp", payload: { email, type } });

/** A user with a live code of `type`: a confirmed account with a sign-in code, or a fresh unconfirmed sign-up. */
async function userWithCode(app: App, type: CodeType) {
  if (type === "sign-in") {
    const user = await createUser(app);
    expect((await requestCode(app, "sign-in", user.email)).statusCode).toBe(200);
    const mail = await waitForMail(app, user.email, /sign-in code/);
    return { email: user.email, code: mail.text.match(/\b(\d{6})\b/)?.[1] ?? "" };
  }
  const email = uniqueEmail("abuse");
  const signUp = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { email, password: "password-1234", name: "Abuse Tester" },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  return { email, code: await waitForCode(app, email) };
}

function codeSuite(kind: "pglite" | "postgres") {
  describe(`${N} concurrent wrong guesses against one e-mail code (${kind})`, async () => {
    // No request limits here: the code's own rule must hold by itself.
    const app = await createTestApp({ kind });

    for (const type of ["sign-in", "email-verification"] as const) {
      it(`${type}: at most ${CODE_MAX_WRONG_TRIES} guesses are checked, then the code is dead`, async () => {
        const { email, code } = await userWithCode(app, type);
        const responses = await Promise.all(wrongCodes(code).map((otp) => checkCode(app, type, email, otp)));

        for (const res of responses) {
          expect([400, 403], res.body).toContain(res.statusCode);
          expect(res.headers["set-auth-token"]).toBeUndefined();
          expect(res.json().message).toMatch(/\w+ \w+/);
        }
        // Only a checked guess answers "invalid"; every other one is refused as too many attempts.
        const checked = responses.filter((r) => r.statusCode === 400);
        expect(checked).toHaveLength(CODE_MAX_WRONG_TRIES);
        for (const res of checked) expect(res.json().code).toBe("INVALID_OTP");
        const refused = responses.filter((r) => r.statusCode === 403);
        expect(refused).toHaveLength(N - CODE_MAX_WRONG_TRIES);
        for (const res of refused) expect(res.json().message).toMatch(/too many attempts.*new code/i);

        // The database agrees: one live row whose wrong-try counter stopped at the limit.
        const rows = await codeRows(app, type, email);
        expect(rows).toHaveLength(1);
        expect(rows[0]?.attempts).toBe(CODE_MAX_WRONG_TRIES);

        // Even the right code fails now, and checking it does not count.
        const right = await checkCode(app, type, email, code);
        expect(right.statusCode).toBe(403);
        expect(right.headers["set-auth-token"]).toBeUndefined();
        expect(right.json().message).toMatch(/too many attempts.*new code/i);
        expect((await codeRows(app, type, email))[0]?.attempts).toBe(CODE_MAX_WRONG_TRIES);

        // A new code must be requested; it starts with a fresh counter and works.
        expect((await requestCode(app, type, email)).statusCode).toBe(200);
        const fresh = await waitForCode(app, email, code);
        const freshRows = await codeRows(app, type, email);
        expect(freshRows[0]?.attempts).toBe(0);
        expect((await checkCode(app, type, email, code)).statusCode).toBe(400);
        const ok = await checkCode(app, type, email, fresh);
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.headers["set-auth-token"]).toBeTruthy();
      });
    }

    it("the right code fourth in a burst of 50 is checked in turn, not lost to the racing wrong ones", async () => {
      const { email, code } = await userWithCode(app, "sign-in");
      const guesses = wrongCodes(code, N - 1);
      guesses.splice(3, 0, code);
      const responses = await Promise.all(guesses.map((otp) => checkCode(app, "sign-in", email, otp)));
      // Guesses are checked one at a time in arrival order: three wrong, the right one signs in.
      expect(responses.map((r) => r.statusCode)).toEqual([400, 400, 400, 200, ...Array(N - 4).fill(400)]);
      expect(responses[3]?.headers["set-auth-token"]).toBeTruthy();
      // A used code is gone: the rest had nothing to guess.
      for (const res of responses.slice(4)) expect(res.json().code).toBe("INVALID_OTP");
      expect(await codeRows(app, "sign-in", email)).toHaveLength(0);
    });
  });
}

codeSuite("pglite");
if (process.env.TEST_DATABASE_URL) codeSuite("postgres");

// ---------------------------------------------------------------------------------------------
// Request limits on password sign-in (auth/routes.ts): per IP and per account.

type Attempt = { email: string; password: string };

const signIn = (app: App, attempt: Attempt, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    payload: attempt,
  });

/** Fires all attempts at once. */
const burst = (app: App, attempts: Attempt[], remoteAddress: string, forwardedFor?: (i: number) => string) =>
  Promise.all(attempts.map((a, i) => signIn(app, a, remoteAddress, forwardedFor?.(i))));

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(429);
  const body = res.json() as { statusCode: number; message: string };
  expect(body.statusCode).toBe(429);
  expect(body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
}

/** Wrong passwords for addresses nobody owns: each is a real sign-in attempt answered 401. */
const strangers = (n: number): Attempt[] =>
  Array.from({ length: n }, () => ({ email: uniqueEmail("stranger"), password: "not-the-password" }));

const PER_IP = 60;
const PER_ACCOUNT = 10;

describe("password sign-in bursts without a trusted proxy", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true" } });

  it(`a burst from one address gets ${PER_IP} answers, then 429; a spoofed X-Forwarded-For does not reset it`, async () => {
    const ip = "203.0.113.10";
    const responses = await burst(app, strangers(PER_IP + 20), ip);
    expect(statuses(responses)).toEqual({ 401: PER_IP, 429: 20 });
    for (const res of responses.filter((r) => r.statusCode === 429)) expectTooMany(res);

    const spoofed = await burst(app, strangers(10), ip, (i) => `198.51.100.${i + 1}`);
    for (const res of spoofed) expectTooMany(res);
    // Another real address is not affected.
    expect((await signIn(app, strangers(1)[0] as Attempt, "203.0.113.11")).statusCode).toBe(401);
  });

  it(`a burst against one account gets ${PER_ACCOUNT} answers, then 429 even with the right password`, async () => {
    const user = await createUser(app);
    const ip = "203.0.113.20";
    const guesses = Array.from({ length: 30 }, () => ({ email: user.email, password: "wrong-password" }));
    const responses = await burst(app, guesses, ip);
    expect(statuses(responses)).toEqual({ 401: PER_ACCOUNT, 429: 30 - PER_ACCOUNT });
    for (const res of responses.filter((r) => r.statusCode === 429)) expectTooMany(res);

    const right = await signIn(app, { email: user.email.toUpperCase(), password: user.password }, "203.0.113.21");
    expectTooMany(right);
    expect(right.headers["set-auth-token"]).toBeUndefined();
    // The same address may still try other accounts: the per-IP budget has room.
    const other = await createUser(app);
    const otherRight = await signIn(app, { email: other.email, password: other.password }, ip);
    expect(otherRight.statusCode, otherRight.body).toBe(200);
  });
});

describe("password sign-in bursts behind a trusted proxy (TRUST_PROXY)", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true", TRUST_PROXY: "true" } });
  const proxy = "10.0.0.2";

  it("counts each forwarded client address separately", async () => {
    const a = await burst(app, strangers(PER_IP + 10), proxy, () => "198.51.100.7");
    expect(statuses(a)).toEqual({ 401: PER_IP, 429: 10 });
    // Same proxy, another client: its own budget.
    const b = await burst(app, strangers(PER_IP), proxy, () => "198.51.100.8");
    expect(statuses(b)).toEqual({ 401: PER_IP });
    // The first client is still limited, whichever proxy address it comes through.
    expectTooMany(await signIn(app, strangers(1)[0] as Attempt, "10.0.0.3", "198.51.100.7"));
  });

  it("keeps the per-account limit when every guess comes from a different client address", async () => {
    const user = await createUser(app);
    const guesses = Array.from({ length: 30 }, () => ({ email: user.email, password: "wrong-password" }));
    const responses = await burst(app, guesses, proxy, (i) => `192.0.2.${i + 1}`);
    expect(statuses(responses)).toEqual({ 401: PER_ACCOUNT, 429: 30 - PER_ACCOUNT });
    for (const res of responses.filter((r) => r.statusCode === 429)) expectTooMany(res);
    expectTooMany(await signIn(app, { email: user.email, password: user.password }, proxy, "192.0.2.200"));
  });
});
