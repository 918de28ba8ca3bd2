import { afterEach, describe, expect, it, vi } from "vitest";
import type { App } from "../app.ts";
import { readMails, sleep, waitForMail } from "../test/mail.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail } from "../test/users.ts";

// Limits are counted by the normalised e-mail, the session or the IP, never by another body field.

const post = (app: App, path: string, payload: object, remoteAddress = "203.0.113.50") =>
  app.inject({ method: "POST", url: `/api/auth${path}`, payload, remoteAddress });

/** Moves the clock `seconds` ahead (Date only; the limiter reads Date.now). */
const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

afterEach(() => {
  vi.useRealTimers();
});

describe("auth limits key on the e-mail and IP only", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true" } });

  it('adding "type" (or any unknown field) to a sign-in body is refused, so it can not escape the account limit', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 10; i++) {
      const guess = await post(
        app,
        "/sign-in/email",
        { email: user.email, password: "wrong-password" },
        `192.0.2.${i}`,
      );
      expect(guess.statusCode).toBe(401);
    }
    expect((await post(app, "/sign-in/email", { email: user.email, password: user.password })).statusCode).toBe(429);
    // Before the fix a made-up "type" gave each request a fresh per-account counter.
    for (const type of ["x", "sign-in", "email-verification", ""]) {
      const res = await post(app, "/sign-in/email", { email: user.email, password: user.password, type }, "192.0.2.99");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        statusMessage: "Bad Request",
        message: 'Unknown field "type". This request accepts only: email, password, rememberMe, callbackURL.',
      });
      expect(res.headers["set-auth-token"]).toBeUndefined();
    }
    // Spelling the address differently does not help either.
    const shouted = await post(app, "/sign-in/email", {
      email: `  ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(shouted.statusCode).toBe(429);
  });

  it("names every unknown field, on every auth body we check", async () => {
    const cases: [string, object][] = [
      [
        "/sign-up/email",
        { email: uniqueEmail(), password: "violet-kettle-42", name: "Ada", nickname: "x", role: "admin" },
      ],
      ["/request-password-reset", { email: uniqueEmail(), type: "x" }],
      ["/email-otp/send-verification-otp", { email: uniqueEmail(), type: "sign-in", extra: 1 }],
      ["/sign-in/email-otp", { email: uniqueEmail(), otp: "123456", type: "x" }],
      ["/reset-password", { token: "abc", newPassword: "violet-kettle-42", email: "a@b.io" }],
      ["/sign-in/oauth2", { providerId: "github", scopes: ["repo"] }],
    ];
    for (const [path, body] of cases) {
      const res = await post(app, path, body, "192.0.2.150");
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message, path).toMatch(/^Unknown fields? "\w+"(, "\w+")*\. This request accepts only: /);
    }
    const two = await post(app, "/sign-up/email", cases[0]?.[1] as object, "192.0.2.151");
    expect(two.json().message).toMatch(/^Unknown fields "nickname", "role"\./);
  });

  it("a locked password sign-in ends after its window, and the owner can sign in by e-mail code meanwhile", async () => {
    const user = await createUser(app);
    for (let i = 0; i < 11; i++) await post(app, "/sign-in/email", { email: user.email, password: "wrong-password" });
    expect((await post(app, "/sign-in/email", { email: user.email, password: user.password })).statusCode).toBe(429);

    // The code sign-in has its own counter: the stranger's guesses did not spend it.
    expect(
      (await post(app, "/email-otp/send-verification-otp", { email: user.email, type: "sign-in" })).statusCode,
    ).toBe(200);
    // The sign-in code mail, not the confirmation code mailed at sign-up.
    const code = (await waitForMail(app, user.email, /sign-in code/)).text.match(/\b(\d{6})\b/)?.[1] ?? "";
    const byCode = await post(app, "/sign-in/email-otp", { email: user.email, otp: code });
    expect(byCode.statusCode, byCode.body).toBe(200);

    // A back-off, not a permanent lock: five minutes later the right password works again.
    advance(5 * 60 + 1);
    const later = await post(app, "/sign-in/email", { email: user.email, password: user.password });
    expect(later.statusCode, later.body).toBe(200);
  });

  it("/reset-password counts per IP: new made-up tokens do not buy more tries", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 5; i++) {
      const res = await post(app, "/reset-password", { token: `made-up-${i}`, newPassword: "violet-kettle-42" }, ip);
      expect(res.statusCode).toBe(400);
    }
    const sixth = await post(app, "/reset-password", { token: "made-up-6", newPassword: "violet-kettle-42" }, ip);
    expect(sixth.statusCode).toBe(429);
    const other = await post(
      app,
      "/reset-password",
      { token: "made-up-7", newPassword: "violet-kettle-42" },
      "198.51.100.78",
    );
    expect(other.statusCode).toBe(400);
  });
});

describe("mails per address per hour", async () => {
  const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "true" } });
  const resetMails = async (email: string) =>
    (await readMails(app, email)).filter((mail) => /Reset your NeonLab password/.test(mail.subject));

  it("sends at most 5 password-reset mails to one address an hour, whatever the spelling of the address", async () => {
    const user = await createUser(app);
    const ask = (email: string) =>
      post(app, "/request-password-reset", { email, redirectTo: "http://localhost:3000/reset-password" });
    for (let i = 0; i < 5; i++) {
      if (i === 3) advance(5 * 60 + 1); // past the five-minute burst limit (3)
      const res = await ask(i % 2 ? user.email.toUpperCase() : ` ${user.email}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await ask(user.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(
      /^Too many emails were sent to this address in the last hour\. Please wait \d+ minutes and try again\.$/,
    );
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    await sleep(200);
    expect(await resetMails(user.email)).toHaveLength(5);

    advance(60 * 60);
    expect((await ask(user.email)).statusCode).toBe(200);
  });

  it("sends at most 5 code mails to one address an hour, the confirmation code mailed at sign-up included", async () => {
    const user = await createUser(app);
    const ask = () => post(app, "/email-otp/send-verification-otp", { email: user.email, type: "sign-in" });
    for (let i = 0; i < 4; i++) {
      const res = await ask();
      expect(res.statusCode, res.body).toBe(200);
      advance(150); // past the once-a-minute rule and, over ten minutes, the burst limit
    }
    const sixth = await ask();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many emails were sent to this address in the last hour\./);
  });
});
