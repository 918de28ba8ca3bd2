import { describe, expect, it } from "vitest";
import { accountTableCounts, sleep } from "../test/mail.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail } from "../test/users.ts";

const long = (n: number) => "x".repeat(n);

describe("bad input on the auth routes answers 400 with a message and writes nothing", async () => {
  const app = await createTestApp();
  const user = await createUser(app);
  const email = uniqueEmail();

  const cases: [path: string, body: unknown, message: RegExp, auth?: boolean][] = [
    ["/sign-up/email", { email: 5, password: "password-123", name: "Nina" }, /^email: Email is required/],
    ["/sign-up/email", { email: "not-an-email", password: "password-123", name: "Nina" }, /^email: Enter a valid/],
    ["/sign-up/email", { email: `${long(250)}@x.io`, password: "password-123", name: "Nina" }, /^email: /],
    ["/sign-up/email", { email, name: "Nina" }, /^password: Password is required/],
    ["/sign-up/email", { email, password: "short", name: "Nina" }, /^password: Password must be at least 8/],
    ["/sign-up/email", { email, password: long(129), name: "Nina" }, /^password: Password must be at most 128/],
    ["/sign-up/email", { email, password: "password-123" }, /^name: /],
    ["/sign-up/email", { email, password: "password-123", name: long(61) }, /^name: Display name must be at most 60/],
    ["/sign-up/email", { email, password: "password-123", name: ["Nina"] }, /^name: /],
    ["/sign-up/email", [], /JSON object/],
    ["/sign-up/email", { email, password: "password-123", name: "Nina", callbackURL: long(3000) }, /^callbackURL/],
    ["/sign-in/email", { email: user.email }, /^password: Password is required/],
    ["/sign-in/email", { email: user.email, password: 12345678 }, /^password: /],
    ["/sign-in/email", { email: user.email, password: long(129) }, /^password: /],
    ["/sign-in/email", { email: user.email, password: "x", rememberMe: "yes" }, /^rememberMe: /],
    ["/sign-in/email-otp", { email: user.email, otp: "12345" }, /^otp: Enter the 6-digit code/],
    ["/sign-in/email-otp", { email: user.email, otp: 123456 }, /^otp: /],
    ["/sign-in/email-otp", { email: user.email, otp: "abcdef" }, /^otp: /],
    ["/email-otp/verify-email", { email: user.email }, /^otp: /],
    ["/email-otp/send-verification-otp", { email: user.email }, /^type: /],
    ["/email-otp/send-verification-otp", { email: user.email, type: "forget-password" }, /^type: /],
    ["/email-otp/send-verification-otp", { email: "nope", type: "sign-in" }, /^email: /],
    ["/request-password-reset", { redirectTo: "/reset-password" }, /^email: /],
    ["/request-password-reset", { email: user.email, redirectTo: long(2001) }, /^redirectTo: /],
    ["/reset-password", { newPassword: "password-123" }, /^token: /],
    ["/reset-password", { newPassword: "short", token: "abc" }, /^newPassword: /],
    ["/reset-password", { newPassword: "password-123", token: long(513) }, /^token: /],
    ["/change-password", { newPassword: "password-456" }, /^currentPassword: /, true],
    ["/change-password", { currentPassword: user.password, newPassword: "short" }, /^newPassword: /, true],
    ["/change-email", { newEmail: "not-an-email" }, /^newEmail: /, true],
    ["/change-email", { newEmail: uniqueEmail(), callbackURL: 7 }, /^callbackURL: /, true],
    ["/sign-in/social", { callbackURL: "/redirect" }, /^provider: /],
    ["/sign-in/social", { provider: "google", idToken: { token: 5 } }, /^idToken\.token: /],
    ["/sign-in/oauth2", { providerId: long(41), callbackURL: "/redirect" }, /^providerId: /],
    ["/one-time-token/verify", {}, /^token: /],
  ];

  it("for every route and every kind of bad input", async () => {
    await sleep(100); // mails of the setup user are sent after its responses
    const before = await accountTableCounts(app);
    for (const [path, body, message, auth] of cases) {
      const res = await app.inject({
        method: "POST",
        url: `/api/auth${path}`,
        headers: auth ? user.headers : {},
        payload: body as object,
      });
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json().message, path).toMatch(message);
      expect(res.json().statusMessage).toBe("Bad Request");
    }
    await sleep(100);
    expect(await accountTableCounts(app)).toEqual(before);
  });

  it("refuses a missing or non-JSON body with 400", async () => {
    const before = await accountTableCounts(app);
    const empty = await app.inject({ method: "POST", url: "/api/auth/sign-up/email" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBeTruthy();
    const broken = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe("The request body is not valid JSON.");
    expect(await accountTableCounts(app)).toEqual(before);
  });

  it("does not expose Better Auth's own profile editing (profile fields change through PUT /api/profile)", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: user.headers,
      payload: { name: long(5000) },
    });
    expect(res.statusCode).toBe(404);
  });

  it.each(["/forget-password/email-otp", "/email-otp/reset-password", "/email-otp/check-verification-otp"])(
    "does not expose the unused code flow %s",
    async (path) => {
      const before = await accountTableCounts(app);
      const res = await app.inject({
        method: "POST",
        url: `/api/auth${path}`,
        payload: { email: user.email, otp: "123456", type: "forget-password", password: "another-password-1" },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBeTruthy();
      expect(await accountTableCounts(app)).toEqual(before);
    },
  );
});
