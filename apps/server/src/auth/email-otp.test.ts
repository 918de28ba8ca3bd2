import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { verifications } from "../modules/identity/accounts/schema.ts";
import { readMails, waitForMail } from "../test/mail.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail, waitForCode } from "../test/users.ts";
import { otpIdentifier } from "./code-throttle.ts";

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const codeOf = (mail: { text: string }) => mail.text.match(/\b(\d{6})\b/)?.[1] ?? "";

async function requestSignInCode(app: App, email: string) {
  return app.inject({
    method: "POST",
    url: "/api/auth/email-otp/send-verification-otp",
    payload: { email, type: "sign-in" },
  });
}

const signInWithCode = (app: App, email: string, otp: string) =>
  app.inject({ method: "POST", url: "/api/auth/sign-in/email-otp", payload: { email, otp } });

async function signUp(app: App, email: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { email, password: "password-1234", name: "Code Tester" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return waitForCode(app, email);
}

/** Moves the live code's clock back, as if it had been mailed `seconds` earlier. */
async function ageCode(app: App, type: "sign-in" | "email-verification", email: string, seconds: number) {
  await app.ctx.db
    .update(verifications)
    .set({ expiresAt: sql`${verifications.expiresAt} - make_interval(secs => ${seconds})` })
    .where(eq(verifications.identifier, otpIdentifier(type, email)));
}

describe("sign-in with a one-time e-mail code", async () => {
  const app = await createTestApp();

  it("mails a sign-in code and signs in with it, returning a bearer token", async () => {
    const user = await createUser(app);
    expect((await requestSignInCode(app, user.email)).statusCode).toBe(200);
    const mail = await waitForMail(app, user.email, /sign-in code/);
    expect(mail.subject).toMatch(/^Your NeonLab sign-in code: \d{6}$/);
    const res = await signInWithCode(app, user.email, codeOf(mail));
    expect(res.statusCode, res.body).toBe(200);
    const token = res.headers["set-auth-token"] as string;
    expect(token).toBeTruthy();
    const me = await app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
    // A code works once.
    expect((await signInWithCode(app, user.email, codeOf(mail))).statusCode).toBe(400);
  });

  it("does not mail a code to an unknown address, and answers the same", async () => {
    const email = uniqueEmail("nobody");
    const res = await requestSignInCode(app, email);
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await readMails(app, email)).toHaveLength(0);
    expect((await signInWithCode(app, email, "123456")).statusCode).toBe(400);
  });

  it("kills a code after 5 wrong tries: the right one then fails", async () => {
    const user = await createUser(app);
    await requestSignInCode(app, user.email);
    const code = codeOf(await waitForMail(app, user.email, /sign-in code/));
    for (let i = 0; i < 5; i++) {
      const res = await signInWithCode(app, user.email, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const right = await signInWithCode(app, user.email, code);
    expect(right.statusCode).toBe(403);
    expect(right.headers["set-auth-token"]).toBeUndefined();
    expect(right.json().message).toMatch(/too many attempts/i);
  });

  it("accepts a code after 4 wrong tries", async () => {
    const user = await createUser(app);
    await requestSignInCode(app, user.email);
    const code = codeOf(await waitForMail(app, user.email, /sign-in code/));
    for (let i = 0; i < 4; i++) expect((await signInWithCode(app, user.email, wrong(code))).statusCode).toBe(400);
    expect((await signInWithCode(app, user.email, code)).statusCode).toBe(200);
  });

  it("refuses a code older than 10 minutes", async () => {
    const user = await createUser(app);
    await requestSignInCode(app, user.email);
    const code = codeOf(await waitForMail(app, user.email, /sign-in code/));
    await ageCode(app, "sign-in", user.email, 601);
    const res = await signInWithCode(app, user.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/i);
  });

  it("accepts a code 9 minutes old", async () => {
    const user = await createUser(app);
    await requestSignInCode(app, user.email);
    const code = codeOf(await waitForMail(app, user.email, /sign-in code/));
    await ageCode(app, "sign-in", user.email, 540);
    expect((await signInWithCode(app, user.email, code)).statusCode).toBe(200);
  });
});

describe("the sign-up confirmation code follows the same rules", async () => {
  const app = await createTestApp();
  const verify = (email: string, otp: string) =>
    app.inject({ method: "POST", url: "/api/auth/email-otp/verify-email", payload: { email, otp } });

  it("confirms with the mailed code; the account can then sign in", async () => {
    const email = uniqueEmail();
    const code = await signUp(app, email);
    const mail = (await readMails(app, email))[0];
    expect(mail?.subject).toBe(`Your NeonLab confirmation code: ${code}`);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-auth-token"]).toBeTruthy();
  });

  it("5 wrong tries kill the code and the account stays unconfirmed", async () => {
    const email = uniqueEmail();
    const code = await signUp(app, email);
    for (let i = 0; i < 5; i++) expect((await verify(email, wrong(code))).statusCode).toBe(400);
    expect((await verify(email, code)).statusCode).toBe(403);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: "password-1234" },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("expires after 10 minutes", async () => {
    const email = uniqueEmail();
    const code = await signUp(app, email);
    await ageCode(app, "email-verification", email, 601);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/i);
  });
});

describe("codes are mailed at most once a minute per address", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true" } });
  const resend = (email: string, type: "sign-in" | "email-verification") =>
    app.inject({ method: "POST", url: "/api/auth/email-otp/send-verification-otp", payload: { email, type } });

  it("refuses a resend of the confirmation code within a minute of sign-up, allows it after", async () => {
    const email = uniqueEmail();
    const first = await signUp(app, email);
    const early = await resend(email, "email-verification");
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^A code was sent less than a minute ago\. Please wait \d+ seconds/);
    expect(Number(early.headers["retry-after"])).toBeGreaterThan(0);
    expect(await readMails(app, email)).toHaveLength(1);

    await ageCode(app, "email-verification", email, 61);
    const later = await resend(email, "email-verification");
    expect(later.statusCode).toBe(200);
    const second = await waitForCode(app, email, first);
    expect(second).not.toBe(first);
  });

  it("an unconfirmed sign-in within the minute keeps the mailed code instead of sending another", async () => {
    const email = uniqueEmail();
    const code = await signUp(app, email);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: "password-1234" },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe("EMAIL_NOT_VERIFIED");
    await new Promise((r) => setTimeout(r, 150));
    expect(await readMails(app, email)).toHaveLength(1);
    const verify = await app.inject({
      method: "POST",
      url: "/api/auth/email-otp/verify-email",
      payload: { email, otp: code },
    });
    expect(verify.statusCode).toBe(200);
  });

  it("limits sign-in codes the same way", async () => {
    const user = await createUser(app);
    expect((await resend(user.email, "sign-in")).statusCode).toBe(200);
    await waitForMail(app, user.email, /sign-in code/);
    const early = await resend(user.email, "sign-in");
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/Please wait \d+ seconds/);
    await ageCode(app, "sign-in", user.email, 61);
    expect((await resend(user.email, "sign-in")).statusCode).toBe(200);
    await waitForMail(app, user.email, /sign-in code/, 1);
  });
});
