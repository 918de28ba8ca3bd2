import { expect } from "vitest";
import { EXPECT, jsonOf, type RouteEntry } from "./types.ts";
import { createUser } from "../users.ts";

const { adminOnly } = EXPECT;

/** Authorization matrix rows of the access module (test/authz-matrix.ts). */
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
