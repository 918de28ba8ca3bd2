import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { accounts, sessions } from "../../modules/identity/accounts/schema.ts";
import { signInAgain } from "./context.ts";
import {
  EXPECT,
  jsonOf,
  listOf,
  type Json,
  type MatrixContext,
  me,
  mustBeMe,
  allOwnedBy,
  type RouteEntry,
} from "./types.ts";

const { all, signedIn } = EXPECT;

const victimSessions = new WeakMap<MatrixContext, { token: string; sessionToken: string }>();

async function sessionExists(ctx: MatrixContext, sessionToken: string) {
  const rows = await ctx.app.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, sessionToken));
  return rows.length > 0;
}

async function passwordHash(ctx: MatrixContext, userId: string) {
  const [row] = await ctx.app.ctx.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/** Better Auth (src/auth/routes.ts): one wildcard route per method. */
export const AUTH_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/auth/*",
    access: "better-auth",
    note: "Better Auth resolves the session itself; every endpoint below answers about the caller only.",
    head: 404, // Fastify's automatic HEAD reaches Better Auth, which has no HEAD endpoints

    cases: [
      {
        name: "get-session",
        request: () => ({ method: "GET", url: "/api/auth/get-session" }),
        expect: all(200),
        check: (ctx, actor, res) => {
          const user = me(ctx, actor);
          if (!user) return expect(res.json()).toBeNull();
          const body = jsonOf(res) as { user: Json; session: Json };
          expect(body.user.id).toBe(user.id);
          expect(body.user.email).toBe(user.email);
          expect(body.session.userId).toBe(user.id);
        },
      },
      {
        name: "list-sessions",
        request: () => ({ method: "GET", url: "/api/auth/list-sessions" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          const rows = listOf(res);
          expect(rows.length).toBeGreaterThan(0);
          allOwnedBy(rows, mustBeMe(ctx, actor).id, "userId");
        },
      },
      {
        name: "list-accounts",
        request: () => ({ method: "GET", url: "/api/auth/list-accounts" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          const rows = listOf(res);
          expect(rows.length).toBeGreaterThan(0);
          allOwnedBy(rows, mustBeMe(ctx, actor).id, "userId");
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/auth/*",
    access: "better-auth",
    note: "Sign-up/in, codes and password reset are covered by the auth tests; these are the calls that carry user data.",
    cases: [
      {
        name: "update-user is blocked (profile fields change through PUT /api/profile)",
        request: () => ({ method: "POST", url: "/api/auth/update-user", payload: { name: "Hijacked Name" } }),
        expect: all(404),
      },
      {
        name: "delete-user is blocked (accounts are deleted through DELETE /api/users)",
        request: () => ({ method: "POST", url: "/api/auth/delete-user", payload: {} }),
        expect: all(404),
      },
      {
        name: "change-password changes only the caller's password",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          return user ? await passwordHash(ctx, user.id) : null;
        },
        request: (ctx, actor) => ({
          method: "POST",
          url: "/api/auth/change-password",
          payload: {
            currentPassword: me(ctx, actor)?.password ?? "whatever-123",
            newPassword: `${actor}-new-password`,
          },
        }),
        expect: signedIn(200),
        check: async (ctx, actor, _res, before: string | null) => {
          const user = mustBeMe(ctx, actor);
          expect(await passwordHash(ctx, user.id)).not.toBe(before);
          user.password = `${actor}-new-password`;
        },
      },
      {
        name: "change-email mails a link for the caller's own address",
        request: () => ({
          method: "POST",
          url: "/api/auth/change-email",
          payload: { newEmail: `moved-${randomUUID()}@example.test` },
        }),
        expect: signedIn(200),
      },
      {
        name: "revoke-session on a session of user A",
        // One extra session of A serves every caller until A's own call revokes it.
        setup: async (ctx) => {
          const live = victimSessions.get(ctx);
          if (live && (await sessionExists(ctx, live.sessionToken))) return live;
          const fresh = await signInAgain(ctx, ctx.users.userA);
          victimSessions.set(ctx, fresh);
          return fresh;
        },
        request: (_ctx, _actor, victim: { sessionToken: string }) => ({
          method: "POST",
          url: "/api/auth/revoke-session",
          payload: { token: victim.sessionToken },
        }),
        // Better Auth answers 200 but revokes nothing for someone else's token: the snapshot of A's rows proves it.
        expect: signedIn(200),
        check: async (ctx, actor, _res, victim: { sessionToken: string }) => {
          expect(await sessionExists(ctx, victim.sessionToken)).toBe(actor !== "userA");
        },
      },
      {
        name: "revoke-other-sessions keeps the caller's current session and touches no one else",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          return user ? signInAgain(ctx, user) : null;
        },
        request: () => ({ method: "POST", url: "/api/auth/revoke-other-sessions", payload: {} }),
        expect: signedIn(200),
        check: async (ctx, actor, _res, extra: { sessionToken: string }) => {
          const user = mustBeMe(ctx, actor);
          expect(await sessionExists(ctx, extra.sessionToken)).toBe(false);
          expect(await sessionExists(ctx, user.sessionToken)).toBe(true);
        },
      },
      {
        name: "sign-out ends only the session it is sent with",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          return user ? signInAgain(ctx, user) : null;
        },
        request: (_ctx, actor, extra: { token: string } | null) => ({
          method: "POST",
          url: "/api/auth/sign-out",
          payload: {},
          authorization: actor === "anonymous" ? undefined : `Bearer ${extra?.token}`,
        }),
        expect: all(200),
        check: async (ctx, actor, _res, extra: { sessionToken: string } | null) => {
          if (!extra) return;
          const user = mustBeMe(ctx, actor);
          expect(await sessionExists(ctx, extra.sessionToken)).toBe(false);
          expect(await sessionExists(ctx, user.sessionToken)).toBe(true);
        },
      },
    ],
  },
];
