import { expect } from "vitest";
import { EXPECT, jsonOf, mustBeMe, type RouteEntry } from "../../test/authz/types.ts";
import { expectBooksBalance } from "../ledger/test-helpers.ts";

const { signedIn } = EXPECT;

/** Authorization matrix rows of the wallet module (test/authz-matrix.ts). */
export const WALLET_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/users/ledger",
    access: "user",
    cases: [
      {
        name: "own NeonBits ledger",
        request: () => ({ method: "GET", url: "/api/users/ledger?limit=100" }),
        expect: signedIn(200),
        check: async (ctx, actor, res) => {
          const { neonbits } = await expectBooksBalance(ctx.app.ctx.db, mustBeMe(ctx, actor).id);
          const page = jsonOf(res) as { balance: number; entries: { amount: number }[] };
          expect(page.balance).toBe(neonbits);
          expect(page.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(neonbits);
        },
      },
    ],
  },
];
