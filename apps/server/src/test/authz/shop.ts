import { expect } from "vitest";
import { EXPECT, jsonOf, mustBeMe, type RouteEntry, type MatrixContext } from "./types.ts";
import { expectBooksBalance, setBalance } from "../../modules/wallet/ledger/test-helpers.ts";
import { drawRound } from "../../modules/shop/giveaway/draw.ts";
import { createRound, getGiveawayState } from "../../modules/shop/giveaway/service.ts";

const { signedIn, all, adminOnly } = EXPECT;

/** Authorization matrix rows of the shop module (test/authz-matrix.ts). */
export const SHOP_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/users/shop",
    access: "user",
    cases: [
      {
        name: "the shop with own balance and inventory",
        request: () => ({ method: "GET", url: "/api/users/shop" }),
        expect: signedIn(200),
        check: async (ctx, actor, res) => {
          const { neonbits } = await expectBooksBalance(ctx.app.ctx.db, mustBeMe(ctx, actor).id);
          expect(jsonOf(res).balance).toBe(neonbits);
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/users/buy-shop-item",
    access: "user",
    note: "Only B can not afford a freeze: a purchase spends the caller's own NeonBits, never another's.",
    cases: [
      {
        name: "buy a streak freeze",
        setup: async (ctx, actor) => {
          if (actor === "anonymous") return;
          await setBalance(ctx.app.ctx.transaction, ctx.users[actor].id, "neonbits", actor === "userB" ? 149 : 150);
        },
        request: () => ({ method: "POST", url: "/api/users/buy-shop-item", payload: { item: "streak_freeze" } }),
        expect: { ...signedIn(200), userB: 409 },
        check: async (ctx, actor, res) => {
          const { neonbits } = await expectBooksBalance(ctx.app.ctx.db, mustBeMe(ctx, actor).id);
          expect(neonbits).toBe(actor === "userB" ? 149 : 0);
          if (res.statusCode === 200) expect(jsonOf(res).balance).toBe(0);
        },
      },
    ],
  },
];

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A round open now (made once for the matrix), so entering can succeed. */
async function openRound(ctx: MatrixContext): Promise<number> {
  const state = await getGiveawayState(ctx.app.ctx.db, null);
  if (state.current && Date.parse(state.current.startsAt) <= Date.now()) return state.current.id;
  const round = await ctx.app.ctx.transaction((tx) =>
    createRound(tx, null, { title: "Matrix round", prize: 10, winners: 1, endsAt: inAnHour() }),
  );
  return round.id;
}

let drawnRoundId: number | undefined;
/** A drawn round with no entries (so the draw pays nobody), for the tickets list. */
async function drawnRound(ctx: MatrixContext): Promise<number> {
  if (drawnRoundId) return drawnRoundId;
  const round = await ctx.app.ctx.transaction((tx) =>
    createRound(tx, null, { title: "Matrix drawn", prize: 10, winners: 1, endsAt: inAnHour() }),
  );
  await drawRound(ctx.app.ctx.transaction, round.id, new Date(Date.now() + 7_200_000));
  drawnRoundId = round.id;
  return round.id;
}

/** Authorization matrix rows of the shop module's giveaway part (test/authz-matrix.ts). */
export const GIVEAWAY_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/giveaway",
    access: "optional",
    cases: [
      {
        name: "the current round and the caller's own entry",
        request: () => ({ method: "GET", url: "/api/giveaway" }),
        expect: all(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/giveaway/enter",
    access: "user",
    note: "Each caller enters the open round once with their own account.",
    cases: [
      {
        name: "enter the open round",
        setup: (ctx) => openRound(ctx),
        request: () => ({ method: "POST", url: "/api/giveaway/enter" }),
        expect: signedIn(200),
        check: (_ctx, _actor, res) => expect((jsonOf(res).entry as { ticket: string }).ticket).toBeTruthy(),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/giveaway/rounds",
    access: "public",
    cases: [
      {
        name: "drawn rounds",
        request: () => ({ method: "GET", url: "/api/giveaway/rounds?limit=5" }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/giveaway/rounds/:id/tickets",
    access: "public",
    cases: [
      {
        name: "tickets of a drawn round",
        setup: (ctx) => drawnRound(ctx),
        request: (_ctx, _actor, id: number) => ({ method: "GET", url: `/api/giveaway/rounds/${id}/tickets` }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/admin/giveaways",
    access: "admin",
    cases: [
      {
        name: "every round",
        request: () => ({ method: "GET", url: "/api/admin/giveaways?limit=5" }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/admin/giveaways",
    access: "admin",
    cases: [
      {
        name: "create a round",
        request: () => ({
          method: "POST",
          url: "/api/admin/giveaways",
          payload: { title: "Matrix weekly", prize: 50, winners: 1, endsAt: inAnHour() },
        }),
        expect: adminOnly(201),
      },
    ],
  },
];
