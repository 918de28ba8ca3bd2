import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { passwordResetToken } from "../test/mail.ts";
import { closing, connected, listen, nextEvent, socketOpener } from "../test/sockets.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser, type TestUser } from "../test/users.ts";

const open = socketOpener();

/** Another session of the user (another device): its bearer token. */
async function signIn(app: App, user: TestUser): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.headers["set-auth-token"] as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const authPost = (app: App, path: string, token: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url: `/api/auth${path}`, headers: bearer(token), payload });

/**
 * The socket is still connected and still gets the user's events. Emitted after the revoked sockets closed:
 * a socket closed by the same change would have left the user's room before this event.
 */
async function staysConnected(app: App, userId: string, socket: Socket) {
  const received = nextEvent<{ kind: string }>(socket, "notification");
  app.ctx.realtime.toUser(userId, "notification", { kind: "badge_earned" });
  expect(await received).toEqual({ kind: "badge_earned" });
  expect(socket.connected).toBe(true);
}

describe("a revoked session's realtime sockets are closed", async () => {
  const app = await createTestApp();
  const url = await listen(app);

  /** Connected sockets, one per token. */
  const sockets = async (...tokens: string[]) => {
    const opened = tokens.map((token) => open(url, token));
    await Promise.all(opened.map(connected));
    return opened;
  };

  it("sign-out closes that session's socket; the user's other session keeps its socket", async () => {
    const user = await createUser(app);
    const phone = await signIn(app, user);
    const [signedOut, kept] = await sockets(user.token, phone);
    const closed = closing(signedOut as Socket);
    expect((await authPost(app, "/sign-out", user.token)).statusCode).toBe(200);
    expect(await closed()).toEqual(["io server disconnect"]);
    await staysConnected(app, user.id, kept as Socket);
  });

  it("revoke-session closes the revoked session's socket, not the caller's", async () => {
    const user = await createUser(app);
    const laptop = await signIn(app, user);
    const [caller, revoked] = await sockets(user.token, laptop);
    const list = await app.inject({ url: "/api/auth/list-sessions", headers: bearer(user.token) });
    const session = (list.json() as { token: string }[]).find((s) => laptop.startsWith(`${s.token}.`));
    expect(session).toBeDefined();
    const closed = closing(revoked as Socket);
    const res = await authPost(app, "/revoke-session", user.token, { token: session?.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed()).toEqual(["io server disconnect"]);
    await staysConnected(app, user.id, caller as Socket);
  });

  it("revoke-other-sessions closes the other sessions' sockets and keeps the caller's", async () => {
    const user = await createUser(app);
    const [phone, tablet] = [await signIn(app, user), await signIn(app, user)];
    const [caller, ...revoked] = await sockets(user.token, phone, tablet);
    const closed = closing(...revoked);
    const res = await authPost(app, "/revoke-other-sessions", user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed()).toEqual(["io server disconnect", "io server disconnect"]);
    await staysConnected(app, user.id, caller as Socket);
  });

  it("revoke-sessions closes every socket of the user; another user's socket stays", async () => {
    const [user, other] = [await createUser(app), await createUser(app)];
    const phone = await signIn(app, user);
    const [otherSocket, ...revoked] = await sockets(other.token, user.token, phone);
    const closed = closing(...revoked);
    const res = await authPost(app, "/revoke-sessions", user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed()).toEqual(["io server disconnect", "io server disconnect"]);
    await staysConnected(app, other.id, otherSocket as Socket);
  });

  it("a password change keeps the other devices' sockets, unless it signs them out", async () => {
    const user = await createUser(app);
    const phone = await signIn(app, user);
    const [caller, phoneSocket] = await sockets(user.token, phone);
    const kept = await authPost(app, "/change-password", user.token, {
      currentPassword: user.password,
      newPassword: "changed-password-1",
      revokeOtherSessions: false,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    await staysConnected(app, user.id, phoneSocket as Socket);

    // Every session ends, the caller's too; the answer carries the caller's new token.
    const closed = closing(caller as Socket, phoneSocket as Socket);
    const revoking = await authPost(app, "/change-password", user.token, {
      currentPassword: "changed-password-1",
      newPassword: "changed-password-2",
      revokeOtherSessions: true,
    });
    expect(revoking.statusCode, revoking.body).toBe(200);
    expect(await closed()).toEqual(["io server disconnect", "io server disconnect"]);
    const [renewed] = await sockets(revoking.headers["set-auth-token"] as string);
    await staysConnected(app, user.id, renewed as Socket);
  });

  it("a password reset closes every socket of the user; another user's socket stays", async () => {
    const [user, other] = [await createUser(app), await createUser(app)];
    const phone = await signIn(app, user);
    const [otherSocket, ...revoked] = await sockets(other.token, user.token, phone);
    const token = await passwordResetToken(app, user.email);
    const closed = closing(...revoked);
    const reset = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { newPassword: "brand-new-password", token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await closed()).toEqual(["io server disconnect", "io server disconnect"]);
    await staysConnected(app, other.id, otherSocket as Socket);
  });

  it("deleting the account closes every socket of the user; another user's socket stays", async () => {
    const [user, other] = [await createUser(app), await createUser(app)];
    const phone = await signIn(app, user);
    const [otherSocket, ...revoked] = await sockets(other.token, user.token, phone);
    const closed = closing(...revoked);
    const res = await app.inject({
      method: "DELETE",
      url: "/api/users",
      headers: bearer(user.token),
      payload: { password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed()).toEqual(["io server disconnect", "io server disconnect"]);
    await staysConnected(app, other.id, otherSocket as Socket);
  });
});
