import { expect } from "vitest";
import { EXPECT, jsonOf, mustBeMe, type RouteEntry } from "./types.ts";
import { expectBooksBalance, setBalance } from "../../modules/ledger/test-helpers.ts";

const { signedIn } = EXPECT;

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
