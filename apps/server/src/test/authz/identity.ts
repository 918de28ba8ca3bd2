import { expect } from "vitest";
import { AVATARS } from "@neonlab/shared/constants";
import { EXPECT, jsonOf, mustBeMe, type RouteEntry, ACTORS, me } from "./types.ts";
import { eq } from "drizzle-orm";
import { users } from "../../modules/identity/accounts/schema.ts";
import { createUser } from "../users.ts";
import { readyExport, waitForExport } from "../../modules/identity/data-export/test-helpers.ts";

const { all, signedIn, ownerOnly, adminOnly } = EXPECT;

const PRIVATE_PROFILE_FIELDS = ["email", "notifications", "editor_preferences", "has_access", "time_zone", "neonbits"];

/** Authorization matrix rows of the identity module's profile routes (test/authz-matrix.ts). */
export const PROFILE_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ profiles
  {
    method: "GET",
    url: "/api/profiles/:username",
    access: "optional",
    cases: [
      {
        name: "user A's public profile, without private fields",
        request: (ctx) => ({ method: "GET", url: `/api/profiles/${ctx.users.userA.username}` }),
        expect: all(200),
        check: (ctx, _actor, res) => {
          const body = jsonOf(res);
          expect(body.id).toBe(ctx.users.userA.id);
          for (const field of PRIVATE_PROFILE_FIELDS) expect(body).not.toHaveProperty(field);
        },
      },
      {
        name: "an unknown username",
        request: () => ({ method: "GET", url: "/api/profiles/no-such-user-here" }),
        expect: all(404),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/profile",
    access: "user",
    cases: [
      {
        name: "own profile",
        request: () => ({ method: "GET", url: "/api/profile" }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          const user = mustBeMe(ctx, actor);
          expect(jsonOf(res)).toMatchObject({ id: user.id, email: user.email, username: user.username });
        },
      },
    ],
  },
  {
    method: "PUT",
    url: "/api/profile",
    access: "user",
    cases: [
      {
        name: "own profile (no id)",
        request: (_ctx, actor) => ({ method: "PUT", url: "/api/profile", payload: { bio: `Bio of ${actor}` } }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          expect(jsonOf(res)).toMatchObject({ id: mustBeMe(ctx, actor).id, bio: `Bio of ${actor}` });
        },
      },
      {
        name: "user A's profile by id",
        request: (ctx) => ({
          method: "PUT",
          url: "/api/profile",
          payload: { id: ctx.users.userA.id, bio: "Written by whoever called" },
        }),
        expect: ownerOnly(200, 403),
        check: (ctx, _actor, res) => expect(jsonOf(res).id).toBe(ctx.users.userA.id),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/profile/avatar",
    access: "user",
    cases: [
      {
        name: "own avatar",
        request: () => ({ method: "PATCH", url: "/api/profile/avatar", payload: { avatar: AVATARS[1] } }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          expect(jsonOf(res)).toMatchObject({ id: mustBeMe(ctx, actor).id, avatar: AVATARS[1] });
        },
      },
    ],
  },
];

/** Authorization matrix rows of the identity module's users part (test/authz-matrix.ts). */
export const USER_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ users
  {
    method: "DELETE",
    url: "/api/users",
    access: "user",
    note: "Proven by the caller's own password (a passwordless account: its username); 5 tries in 15 minutes each.",
    cases: [
      {
        name: "a wrong password deletes nothing",
        request: () => ({ method: "DELETE", url: "/api/users", payload: { password: "not-the-password" } }),
        expect: signedIn(403),
      },
      {
        name: "delete own account",
        request: (ctx, actor) => ({
          method: "DELETE",
          url: "/api/users",
          payload: { password: actor === "anonymous" ? "anything" : ctx.users[actor].password },
        }),
        expect: signedIn(200),
        destructive: true,
        check: async (ctx, actor) => {
          const user = mustBeMe(ctx, actor);
          const rows = await ctx.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
          expect(rows).toEqual([]);
          const after = await ctx.app.inject({ method: "GET", url: "/api/profile", headers: user.headers });
          expect(after.statusCode).toBe(401);
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/users/contact",
    access: "optional",
    note: "Limited to 5 a minute per IP: each actor calls from its own address; a second case here would get 429.",
    cases: [
      {
        name: "a message to the operator",
        request: (ctx, actor) => ({
          method: "POST",
          url: "/api/users/contact",
          remoteAddress: `127.0.0.${ACTORS.indexOf(actor) + 10}`,
          payload: {
            name: `Caller ${actor}`,
            email: me(ctx, actor)?.email ?? "visitor@example.test",
            subject: "Authorization matrix",
            message: "A message sent by the authorization matrix test.",
          },
        }),
        expect: all(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/client-errors",
    access: "optional",
    cases: [
      {
        name: "an error report",
        request: (_ctx, actor) => ({
          method: "POST",
          url: "/api/client-errors",
          payload: { message: `boom from ${actor}` },
        }),
        expect: all(202),
      },
    ],
  },
];

/** Authorization matrix rows of the identity module's access part (test/authz-matrix.ts). */
export const ACCESS_ROUTES: RouteEntry[] = [
  {
    method: "POST",
    url: "/api/admin/users/access",
    access: "admin",
    note: "The target is a throwaway account made in the setup, none of the actors.",
    cases: [
      {
        name: "grant access to a user",
        setup: (ctx) => createUser(ctx.app),
        request: (_ctx, _actor, target: { email: string }) => ({
          method: "POST",
          url: "/api/admin/users/access",
          payload: { email: target.email, hasAccess: true },
        }),
        expect: adminOnly(200),
        check: (_ctx, _actor, res) => expect(jsonOf(res)).toMatchObject({ accessGranted: true, hasAccess: true }),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/admin/users/role",
    access: "admin",
    note: "The target is a throwaway account made in the setup, none of the actors (an actor's role must not change).",
    cases: [
      {
        name: "make a user a moderator",
        setup: (ctx) => createUser(ctx.app),
        request: (_ctx, _actor, target: { email: string }) => ({
          method: "PATCH",
          url: "/api/admin/users/role",
          payload: { email: target.email, role: "moderator" },
        }),
        expect: adminOnly(200),
        check: (_ctx, _actor, res) => expect(jsonOf(res)).toMatchObject({ role: "moderator", previous: "user" }),
      },
    ],
  },
];

/** Authorization matrix rows of the identity module's data-export part (test/authz-matrix.ts). */
export const DATA_EXPORT_ROUTES: RouteEntry[] = [
  {
    method: "POST",
    url: "/api/users/data-export",
    access: "user",
    note: "Once an hour per user: one call per actor. The job runs before the next actor's call (check).",
    cases: [
      {
        name: "request own export",
        // A setup makes the matrix read a fresh "before": the previous actor's job changed their rows since.
        setup: async () => undefined,
        request: () => ({ method: "POST", url: "/api/users/data-export" }),
        expect: signedIn(202),
        check: async (ctx, actor) => waitForExport(ctx.app, mustBeMe(ctx, actor).headers),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/data-export",
    access: "user",
    cases: [
      {
        name: "own export status",
        request: () => ({ method: "GET", url: "/api/users/data-export" }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/data-export/:token",
    access: "user",
    note: "The link is bound to its user: anyone else signed in gets 404, as for an unknown link.",
    cases: [
      {
        name: "user A's download link",
        setup: (ctx) => readyExport(ctx.app, ctx.users.userA.id),
        request: (_ctx, _actor, token: string) => ({ method: "GET", url: `/api/users/data-export/${token}` }),
        expect: ownerOnly(200, 404),
        check: (ctx, _actor, res) => {
          const file = jsonOf(res) as { userId: string; sections: { account: { email: string } } };
          expect(file.userId).toBe(ctx.users.userA.id);
          expect(file.sections.account.email).toBe(ctx.users.userA.email);
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/docs/export-schema.json",
    access: "docs",
    cases: [
      {
        name: "the export file's JSON Schema",
        request: () => ({ method: "GET", url: "/api/docs/export-schema.json" }),
        expect: all(200),
      },
    ],
  },
];
