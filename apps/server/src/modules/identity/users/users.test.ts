import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@neonlab/shared/messages";
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

const deleteMe = (app: App, user: TestUser) =>
  app.inject({ method: "DELETE", url: "/api/users", headers: user.headers });

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
});
