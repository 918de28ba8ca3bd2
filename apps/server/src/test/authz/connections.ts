import { expect } from "vitest";
import { EXPECT, jsonOf, type MatrixContext, me, mustBeMe, type RouteEntry } from "./types.ts";
import { userBlocks } from "../../modules/connections/schema.ts";
import { connect, makeStranger } from "../../modules/connections/test-helpers.ts";
import { uniqueEmail } from "../users.ts";
import { createInvite } from "../../modules/connections/referrals/service.ts";

const { all, signedIn, ownerOnly } = EXPECT;

/** A fresh user per actor (never one of the matrix's own, whose rows must not change), maybe already related. */
const stranger =
  (relation?: { from: "them" | "me"; status: "pending" | "accepted" }) => async (ctx: MatrixContext, actor: string) => {
    const db = ctx.app.ctx.db;
    const id = await makeStranger(ctx.app.ctx);
    const mine = actor === "anonymous" ? null : ctx.users[actor as keyof MatrixContext["users"]];
    if (relation && mine) {
      if (relation.from === "them") await connect(db, id, mine.id, relation.status);
      else await connect(db, mine.id, id, relation.status);
    }
    return id;
  };

const action = (method: "POST" | "DELETE" | "PATCH", path: string, relation?: Parameters<typeof stranger>[0]) => ({
  method,
  url: `/api/users/${path}`,
  access: "user" as const,
  note: "Acts between the caller and a fresh user; the matrix users' rows never change.",
  cases: [
    {
      name: path,
      setup: stranger(relation),
      request: (_ctx: MatrixContext, _actor: string, friendId: string) => ({
        method,
        url: `/api/users/${path}?friendId=${friendId}`,
      }),
      expect: signedIn(200),
    },
  ],
});

/** Authorization matrix rows of the connections module (test/authz-matrix.ts). */
export const CONNECTION_ROUTES: RouteEntry[] = [
  action("POST", "connections"),
  action("DELETE", "cancel-connection-request", { from: "me", status: "pending" }),
  action("PATCH", "accept-connection-request", { from: "them", status: "pending" }),
  action("DELETE", "decline-connection-request", { from: "them", status: "pending" }),
  action("DELETE", "connections", { from: "me", status: "accepted" }),
  {
    method: "GET",
    url: "/api/users/connections/:username",
    access: "optional",
    note: "Public list; only the owner also gets requests and blocks.",
    cases: [
      {
        name: "user A's connections",
        request: (ctx) => ({ method: "GET", url: `/api/users/connections/${ctx.users.userA.username}` }),
        expect: all(200),
        check: (_ctx, actor, res) => {
          const body = jsonOf(res);
          expect("incoming" in body, actor).toBe(actor === "userA");
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/search",
    access: "user",
    note: "Any signed-in user finds anyone by name, with their own relationship to each; never an address.",
    cases: [
      {
        name: "user B by username",
        request: (ctx) => ({ method: "GET", url: `/api/users/search?q=${ctx.users.userB.username}` }),
        expect: signedIn(200),
        check: (ctx, actor, res) => {
          const found = (jsonOf(res).items as { id: string; relationship: string }[]).find(
            (i) => i.id === ctx.users.userB.id,
          );
          expect(found?.relationship, actor).toBe(actor === "userB" ? "self" : "none");
          expect(res.body).not.toContain(ctx.users.userB.email);
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/relationship",
    access: "user",
    cases: [
      {
        name: "with user B",
        request: (ctx) => ({ method: "GET", url: `/api/users/relationship?friendId=${ctx.users.userB.id}` }),
        expect: signedIn(200),
        check: (ctx, actor, res) =>
          expect(jsonOf(res).relationship).toBe(mustBeMe(ctx, actor).actor === "userB" ? "self" : "none"),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/users/blocks",
    access: "user",
    cases: [
      {
        name: "block a fresh user",
        setup: stranger({ from: "them", status: "pending" }),
        request: (_ctx, _actor, id: string) => ({ method: "POST", url: `/api/users/blocks?userId=${id}` }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: "DELETE",
    url: "/api/users/blocks",
    access: "user",
    cases: [
      {
        name: "unblock a user the caller blocked",
        setup: async (ctx, actor) => {
          const id = await stranger()(ctx, actor);
          const mine = me(ctx, actor);
          if (mine) await ctx.app.ctx.db.insert(userBlocks).values({ userId: mine.id, blockedId: id });
          return id;
        },
        request: (_ctx, _actor, id: string) => ({ method: "DELETE", url: `/api/users/blocks?userId=${id}` }),
        expect: signedIn(200),
      },
    ],
  },
];

/** An invite of user A's to a fresh address (made in the setup, not counted as the actor's call). */
const inviteOfA = async (ctx: MatrixContext) => {
  const { app, users } = ctx;
  const deps = { transaction: app.ctx.transaction, publicUrl: app.ctx.config.PUBLIC_URL, limits: app.ctx.limits };
  return (await createInvite(deps, users.userA, uniqueEmail("matrix-invite"))).invite;
};

/** Authorization matrix rows of the connections module's referrals part (test/authz-matrix.ts). */
export const REFERRAL_ROUTES: RouteEntry[] = [
  {
    method: "POST",
    url: "/api/users/referrals",
    access: "user",
    cases: [
      {
        name: "invite a fresh address",
        setup: async () => uniqueEmail("matrix-new"),
        request: (_ctx, _actor, email: string) => ({ method: "POST", url: "/api/users/referrals", payload: { email } }),
        expect: signedIn(201),
        check: (_ctx, _actor, res, email: string) =>
          expect(jsonOf(res)).toMatchObject({ invite: { email, state: "sent", invitee: null } }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/users/referrals/manage",
    access: "user",
    note: "Only the inviter (user A) finds the invite; anyone else gets 404 and nothing changes.",
    cases: [
      {
        name: "correct the address of user A's invite",
        setup: inviteOfA,
        request: (_ctx, _actor, invite: { id: number }) => ({
          method: "POST",
          url: "/api/users/referrals/manage",
          payload: { referral: invite.id, email: uniqueEmail("matrix-fixed") },
        }),
        expect: ownerOnly(200, 404),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/users/referrals",
    access: "user",
    cases: [
      {
        name: "own invites only",
        request: () => ({ method: "GET", url: "/api/users/referrals" }),
        expect: signedIn(200),
        check: (_ctx, actor, res) => {
          const body = jsonOf(res) as { items: { email: string }[] };
          expect(Array.isArray(body.items)).toBe(true);
          // user A's invites (the manage setups) are never anyone else's.
          if (actor !== "userA") expect(body.items.some((i) => i.email.startsWith("matrix-invite"))).toBe(false);
        },
      },
    ],
  },
];
