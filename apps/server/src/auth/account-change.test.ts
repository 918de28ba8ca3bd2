import { describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { passwordResetToken, readMails, sleep, waitForMail } from "../test/mail.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, type TestUser } from "../test/users.ts";

const PASSWORD_NOTICE = /Your NeonLab password was changed/;

/** A second session of the user (another device), as a bearer header. */
async function signIn(app: App, email: string, password: string) {
  const res = await app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.headers["set-auth-token"]}` };
}

/** The status of an authenticated read (the first one also puts the session into the cache). */
const profileStatus = async (app: App, headers: { authorization: string }) =>
  (await app.inject({ url: "/api/profile", headers })).statusCode;

const changePassword = (app: App, user: TestUser, body: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/api/auth/change-password",
    headers: user.headers,
    payload: { currentPassword: user.password, newPassword: "changed-password-1", ...body },
  });

/** Mails to an address whose subject matches, after the queue had time to send any. */
async function mailsMatching(app: App, email: string, subject: RegExp) {
  await sleep(150);
  return (await readMails(app, email)).filter((m) => subject.test(m.subject));
}

describe("sessions and notices on account changes", async () => {
  const app = await createTestApp();

  it("a password reset ends every cached session at once and tells the address", async () => {
    const user = await createUser(app);
    const other = await signIn(app, user.email, user.password);
    expect(await profileStatus(app, user.headers)).toBe(200);
    expect(await profileStatus(app, other)).toBe(200);
    const token = await passwordResetToken(app, user.email);
    const reset = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { newPassword: "brand-new-password", token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await profileStatus(app, user.headers)).toBe(401);
    expect(await profileStatus(app, other)).toBe(401);
    const notice = await waitForMail(app, user.email, PASSWORD_NOTICE);
    expect(notice.text).toContain("Forgot password");
  });

  it("a password change that signs out other sessions ends them at once; the answer's new token works", async () => {
    const user = await createUser(app);
    const other = await signIn(app, user.email, user.password);
    expect(await profileStatus(app, user.headers)).toBe(200);
    expect(await profileStatus(app, other)).toBe(200);
    const res = await changePassword(app, user, { revokeOtherSessions: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileStatus(app, other)).toBe(401);
    expect(await profileStatus(app, user.headers)).toBe(401);
    expect(await profileStatus(app, { authorization: `Bearer ${res.headers["set-auth-token"]}` })).toBe(200);
    await waitForMail(app, user.email, PASSWORD_NOTICE);
  });

  it("a password change that keeps other sessions keeps them, and still tells the address once", async () => {
    const user = await createUser(app);
    const other = await signIn(app, user.email, user.password);
    expect(await profileStatus(app, other)).toBe(200);
    expect((await changePassword(app, user, { revokeOtherSessions: false })).statusCode).toBe(200);
    expect(await profileStatus(app, other)).toBe(200);
    expect(await profileStatus(app, user.headers)).toBe(200);
    expect(await mailsMatching(app, user.email, PASSWORD_NOTICE)).toHaveLength(1);
  });

  it("revoking other sessions (or one) ends them at once, not after the session cache's 5 s", async () => {
    const user = await createUser(app);
    const phone = await signIn(app, user.email, user.password);
    const tablet = await signIn(app, user.email, user.password);
    expect(await profileStatus(app, phone)).toBe(200);
    expect(await profileStatus(app, tablet)).toBe(200);
    const others = await app.inject({
      method: "POST",
      url: "/api/auth/revoke-other-sessions",
      headers: user.headers,
      payload: {},
    });
    expect(others.statusCode, others.body).toBe(200);
    expect(await profileStatus(app, phone)).toBe(401);
    expect(await profileStatus(app, tablet)).toBe(401);
    expect(await profileStatus(app, user.headers)).toBe(200);

    const laptop = await signIn(app, user.email, user.password);
    expect(await profileStatus(app, laptop)).toBe(200);
    const sessions = await app.inject({ url: "/api/auth/list-sessions", headers: user.headers });
    const laptopSession = (sessions.json() as { token: string }[]).find((s) => laptop.authorization.includes(s.token));
    const one = await app.inject({
      method: "POST",
      url: "/api/auth/revoke-session",
      headers: user.headers,
      payload: { token: laptopSession?.token },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(await profileStatus(app, laptop)).toBe(401);
  });

  it("a refused password change mails nothing", async () => {
    const user = await createUser(app);
    const res = await changePassword(app, user, { currentPassword: "not-my-password" });
    expect(res.statusCode).toBe(400);
    expect(await mailsMatching(app, user.email, PASSWORD_NOTICE)).toHaveLength(0);
  });
});
