import { expect } from "vitest";
import { EXPECT, jsonOf, type MatrixContext, type RouteEntry } from "./types.ts";
import { uniqueEmail } from "../users.ts";
import { createInvite } from "../../modules/referrals/service.ts";

const { signedIn, ownerOnly } = EXPECT;

/** An invite of user A's to a fresh address (made in the setup, not counted as the actor's call). */
const inviteOfA = async (ctx: MatrixContext) => {
  const { app, users } = ctx;
  const deps = { transaction: app.ctx.transaction, publicUrl: app.ctx.config.PUBLIC_URL };
  return (await createInvite(deps, users.userA, uniqueEmail("matrix-invite"))).invite;
};

/** Authorization matrix rows of the referrals module (test/authz-matrix.ts). */
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
