import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { accounts } from "../modules/identity/accounts/schema.ts";
import { linkIn, readMails, waitForMail } from "../test/mail.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, uniqueEmail } from "../test/users.ts";

const PUBLIC_URL = "http://localhost:3000";

const signIn = (app: App, email: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });

/** Follows a mailed link into the app (same origin as PUBLIC_URL) without a browser. */
const follow = (app: App, link: URL, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `${link.pathname}${link.search}`, headers });

describe("forgot password", async () => {
  const app = await createTestApp();

  it("mails a link that lands on /reset-password?token=…; the new password works, the old one and old sessions do not", async () => {
    const user = await createUser(app);
    const request = await app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: user.email, redirectTo: `${PUBLIC_URL}/reset-password` },
    });
    expect(request.statusCode, request.body).toBe(200);
    const mail = await waitForMail(app, user.email, /Reset your NeonLab password/);
    expect(mail.html).toContain("Reset password");
    const link = linkIn(mail);
    expect(link.origin).toBe(PUBLIC_URL);

    const landing = await follow(app, link);
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, PUBLIC_URL);
    expect(`${target.origin}${target.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { newPassword: "brand-new-password", token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(app, user.email, "brand-new-password")).statusCode).toBe(200);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).statusCode).toBe(401);

    const again = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { newPassword: "third-password-1", token },
    });
    expect(again.statusCode).toBe(400);
  });

  it("answers an unknown address the same way and mails nothing", async () => {
    const email = uniqueEmail("ghost");
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email, redirectTo: `${PUBLIC_URL}/reset-password` },
    });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await readMails(app, email)).toHaveLength(0);
  });

  it("refuses a redirect to another origin", async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: user.email, redirectTo: "https://evil.example/reset-password" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
  });

  it("refuses a made-up reset token", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { newPassword: "brand-new-password", token: "not-a-token" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("change password", async () => {
  const app = await createTestApp();

  it("needs the current password; afterwards only the new one signs in", async () => {
    const user = await createUser(app);
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: user.headers,
      payload: { currentPassword: "not-my-password", newPassword: "changed-password-1" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/password/i);

    const res = await app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: "changed-password-1" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await signIn(app, user.email, "changed-password-1")).statusCode).toBe(200);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
  });

  it("needs a session", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      payload: { currentPassword: "whatever-123", newPassword: "changed-password-1" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("stores passwords as argon2id with at least 46 MiB of memory", async () => {
    const user = await createUser(app);
    const [account] = await app.ctx.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, user.id));
    const hash = account?.password ?? "";
    expect(hash.startsWith("$argon2id$")).toBe(true);
    const memory = Number(hash.match(/\$m=(\d+),/)?.[1]);
    expect(memory).toBeGreaterThanOrEqual(47104);
  });
});

describe("change e-mail", async () => {
  const app = await createTestApp();

  it("mails a link to the new address that confirms it and returns to /settings?tab=account", async () => {
    const user = await createUser(app);
    const newEmail = uniqueEmail("moved");
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/change-email",
      headers: user.headers,
      payload: { newEmail, callbackURL: "/settings?tab=account" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMail(app, newEmail, /Confirm your new NeonLab email/);
    expect(await readMails(app, user.email).then((m) => m.some((x) => /new NeonLab email/.test(x.subject)))).toBe(
      false,
    );
    // Not changed until the link is followed.
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).json().email).toBe(user.email);

    const landing = await follow(app, linkIn(mail));
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, PUBLIC_URL);
    expect(`${target.pathname}${target.search}`).toBe("/settings?tab=account");

    const me = await app.inject({ url: "/api/profile", headers: user.headers });
    expect(me.json().email).toBe(newEmail);
    expect((await signIn(app, newEmail, user.password)).statusCode).toBe(200);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);

    // The old address is told once, with the new one named; following the link again mails nothing more.
    const notice = await waitForMail(app, user.email, /Your NeonLab email was changed/);
    expect(notice.text).toContain(newEmail);
    await follow(app, linkIn(mail));
    await new Promise((r) => setTimeout(r, 150));
    const notices = (await readMails(app, user.email)).filter((m) => /email was changed/.test(m.subject));
    expect(notices).toHaveLength(1);
  });

  it("does not take an address another account uses (and mails nothing)", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const before = (await readMails(app, other.email)).length;
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/change-email",
      headers: user.headers,
      payload: { newEmail: other.email, callbackURL: "/settings?tab=account" },
    });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await readMails(app, other.email)).toHaveLength(before);
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).json().email).toBe(user.email);
  });

  it("refuses a tampered link", async () => {
    const res = await app.inject({ url: "/api/auth/verify-email?token=abc.def.ghi" });
    expect(res.statusCode).toBe(401);
  });
});
