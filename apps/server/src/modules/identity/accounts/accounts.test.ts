import { describe, expect, it } from "vitest";
import { MESSAGES } from "@neonlab/shared/messages";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, uniqueEmail, waitForCode } from "../../../test/users.ts";

describe("accounts", async () => {
  const app = await createTestApp();

  it("signs up, mails a code, confirms and returns a bearer token", async () => {
    const user = await createUser(app, { displayName: "Ada Lovelace" });
    const me = await app.inject({ url: "/api/profile", headers: user.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: user.email,
      display_name: "Ada Lovelace",
      role: "user",
      has_access: false,
    });
    expect(me.json().username).toMatch(/^ada-lovelace/);
  });

  it("refuses a duplicate e-mail with the spec's message", async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email: user.email, password: "another-password", name: "Copy" },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().message).toBe(MESSAGES.duplicateEmail);
  });

  it("does not sign in an unconfirmed account", async () => {
    const email = uniqueEmail();
    await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email, password: "password-123", name: "New" },
    });
    const first = await waitForCode(app, email);
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: "password-123" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("EMAIL_NOT_VERIFIED");
    expect(first).toMatch(/^\d{6}$/);
  });

  it("signs in with the password once confirmed", async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-auth-token"]).toBeTruthy();
  });

  it("answers 401 JSON without a token or with a bad one", async () => {
    const none = await app.inject("/api/profile");
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBeTruthy();
    const bad = await app.inject({ url: "/api/profile", headers: { authorization: "Bearer nope" } });
    expect(bad.statusCode).toBe(401);
  });
});
