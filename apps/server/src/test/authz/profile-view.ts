import { expect } from "vitest";
import { AVATARS } from "@neonlab/shared/constants";
import { EXPECT, jsonOf, mustBeMe, type RouteEntry } from "./types.ts";

const { all, signedIn, ownerOnly } = EXPECT;

const PRIVATE_PROFILE_FIELDS = ["email", "notifications", "editor_preferences", "has_access", "time_zone", "neonbits"];

/** Authorization matrix rows of the profile routes (test/authz-matrix.ts). */
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
