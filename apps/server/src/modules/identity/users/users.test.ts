import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@neonlab/shared/messages";
import { DELETE_ACCOUNT_MESSAGES } from "@neonlab/shared/schemas/auth";
import type { App } from "../../../app.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { accounts, sessions, users } from "../accounts/schema.ts";
import { profiles } from "../profiles/schema.ts";
import { contactMessages } from "./schema.ts";

// A module's private content, standing in for the ones later capabilities register.
const privateNotes = new Map<string, string>();
const cleanedInsideTransaction: string[] = [];
const announcedAfterCommit: string[] = [];

async function rowsOf(app: App, userId: string) {
  const { db } = app.ctx;
  return {
    users: (await db.select().from(users).where(eq(users.id, userId))).length,
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
    accounts: (await db.select().from(accounts).where(eq(accounts.userId, userId))).length,
    profiles: (await db.select().from(profiles).where(eq(profiles.id, userId))).length,
    contact: (await db.select().from(contactMessages).where(eq(contactMessages.userId, userId))).length,
  };
}

const deleteMe = (app: App, user: TestUser, payload: object = { password: user.password }) =>
  app.inject({ method: "DELETE", url: "/api/users", headers: user.headers, payload });

describe("DELETE /api/users", async () => {
  const app = await createTestApp();
  app.ctx.events.onInTransaction("account.deleted", async ({ userId }, tx) => {
    const stillThere = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (stillThere.length === 1) cleanedInsideTransaction.push(userId);
    if (privateNotes.get(userId) === "explode") throw new Error("cleanup failed");
    privateNotes.delete(userId);
  });
  app.ctx.events.onAfterCommit("account.deleted", ({ userId }) => {
    announcedAfterCommit.push(userId);
  });

  it("removes the user, every session, the profile and private content; the token stops working", async () => {
    const user = await createUser(app);
    const second = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: user.email, password: user.password },
    });
    const secondToken = second.headers["set-auth-token"] as string;
    await app.inject({
      method: "POST",
      url: "/api/users/contact",
      headers: user.headers,
      payload: { name: "Me", email: user.email, subject: "Hi", message: "A message long enough." },
    });
    privateNotes.set(user.id, "my secret drafts");
    const username = (await app.inject({ url: "/api/profile", headers: user.headers })).json().username;
    expect(await rowsOf(app, user.id)).toMatchObject({ users: 1, sessions: 2, profiles: 1, contact: 1 });

    const res = await deleteMe(app, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.accountDeleted });

    expect(await rowsOf(app, user.id)).toEqual({ users: 0, sessions: 0, accounts: 0, profiles: 0, contact: 0 });
    expect(privateNotes.has(user.id)).toBe(false);
    expect(cleanedInsideTransaction).toContain(user.id);
    expect(announcedAfterCommit).toContain(user.id);
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).statusCode).toBe(401);
    const other = { authorization: `Bearer ${secondToken}` };
    expect((await app.inject({ url: "/api/profile", headers: other })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/profiles/${username}` })).statusCode).toBe(404);
    expect((await deleteMe(app, user)).statusCode).toBe(401);
  });

  it("lets the same e-mail sign up again as a new account", async () => {
    const user = await createUser(app);
    expect((await deleteMe(app, user)).statusCode).toBe(200);
    const again = await createUser(app, { email: user.email });
    expect(again.id).not.toBe(user.id);
    const me = await app.inject({ url: "/api/profile", headers: again.headers });
    expect(me.json()).toMatchObject({ email: user.email, role: "user" });
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).statusCode).toBe(401);
  });

  it("deletes nothing when a module's cleanup fails (one transaction)", async () => {
    const user = await createUser(app);
    privateNotes.set(user.id, "explode");
    const res = await deleteMe(app, user);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toContain("cleanup failed");
    expect(await rowsOf(app, user.id)).toMatchObject({ users: 1, sessions: 1, accounts: 1, profiles: 1 });
    expect(announcedAfterCommit).not.toContain(user.id);
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).statusCode).toBe(200);
    privateNotes.delete(user.id);
    expect((await deleteMe(app, user)).statusCode).toBe(200);
  });

  it("only deletes the caller, and needs a session", async () => {
    const user = await createUser(app);
    const bystander = await createUser(app);
    expect((await app.inject({ method: "DELETE", url: "/api/users" })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "DELETE", url: "/api/users", headers: { authorization: "Bearer forged" } }))
        .statusCode,
    ).toBe(401);
    expect((await deleteMe(app, user)).statusCode).toBe(200);
    expect(await rowsOf(app, bystander.id)).toMatchObject({ users: 1, sessions: 1, profiles: 1 });
  });

  it("asks for the password: none is a 400, a wrong one a 403, and neither deletes anything", async () => {
    const user = await createUser(app);
    const whole = { users: 1, sessions: 1, accounts: 1, profiles: 1 };
    const none = await app.inject({ method: "DELETE", url: "/api/users", headers: user.headers });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().message).toBe(DELETE_ACCOUNT_MESSAGES.passwordRequired);
    const empty = await deleteMe(app, user, {});
    expect(empty.statusCode).toBe(400);
    // A username does not stand in for the password of an account that has one.
    const byName = await deleteMe(app, user, { username: await usernameOf(app, user) });
    expect(byName.json().message).toBe(DELETE_ACCOUNT_MESSAGES.passwordRequired);
    const wrong = await deleteMe(app, user, { password: `${user.password}!` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(DELETE_ACCOUNT_MESSAGES.wrongPassword);
    expect(await rowsOf(app, user.id)).toMatchObject(whole);
    expect((await app.inject({ url: "/api/profile", headers: user.headers })).statusCode).toBe(200);
    expect((await deleteMe(app, user)).statusCode).toBe(200);
    expect(await rowsOf(app, user.id)).toMatchObject({ users: 0, sessions: 0, accounts: 0, profiles: 0 });
  });

  it("refuses a body of the wrong shape with a 400 naming the field", async () => {
    const user = await createUser(app);
    for (const payload of [{ password: 1234 }, { password: "x".repeat(129) }, { pasword: user.password }]) {
      const res = await deleteMe(app, user, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/password/);
    }
    expect(await rowsOf(app, user.id)).toMatchObject({ users: 1, profiles: 1 });
  });

  it("an account without a password (OAuth only) is proven by its username", async () => {
    const user = await createUser(app);
    // As an account made through GitHub: no password, a provider's account instead.
    await app.ctx.db
      .update(accounts)
      .set({ providerId: "github", accountId: "gh-4242", password: null })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
    const username = await usernameOf(app, user);

    const none = await deleteMe(app, user, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(DELETE_ACCOUNT_MESSAGES.usernameRequired);
    const withPassword = await deleteMe(app, user);
    expect(withPassword.json().message).toBe(DELETE_ACCOUNT_MESSAGES.usernameRequired);
    const wrong = await deleteMe(app, user, { username: `${username}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(DELETE_ACCOUNT_MESSAGES.wrongUsername);
    expect(await rowsOf(app, user.id)).toMatchObject({ users: 1, profiles: 1 });
    // Typed as people type it: with an @, in capitals, with spaces around.
    const right = await deleteMe(app, user, { username: ` @${username.toUpperCase()} ` });
    expect(right.statusCode, right.body).toBe(200);
    expect(await rowsOf(app, user.id)).toMatchObject({ users: 0, profiles: 0 });
  });

  it("allows 5 tries in 15 minutes: then even the right password waits (429) and nothing is deleted", async () => {
    const user = await createUser(app);
    for (let i = 0; i < 5; i++) expect((await deleteMe(app, user, { password: `guess-${i}` })).statusCode).toBe(403);
    const sixth = await deleteMe(app, user);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(sixth.json().message).toMatch(
      /^Too many tries to delete your account\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(await rowsOf(app, user.id)).toMatchObject({ users: 1, sessions: 1, profiles: 1 });
    // Another user's tries are their own.
    const other = await createUser(app);
    expect((await deleteMe(app, other)).statusCode).toBe(200);
  });
});

async function usernameOf(app: App, user: TestUser): Promise<string> {
  const [row] = await app.ctx.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, user.id));
  if (!row) throw new Error("no profile");
  return row.username;
}
