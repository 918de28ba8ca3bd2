import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { EXPECT, jsonOf, mustBeMe, type RouteEntry, rowsOf } from "./types.ts";
import { expectBooksBalance } from "../../modules/wallet/ledger/test-helpers.ts";

const { signedIn } = EXPECT;

type Page = { neonbits: number; entries: { id: number; kind: string; amount: number }[] };

/** Authorization matrix rows of the wallet module's ledger part (test/authz-matrix.ts). */
export const LEDGER_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/users/ledger",
    access: "user",
    cases: [
      {
        name: "own ledger, every kind",
        request: () => ({ method: "GET", url: "/api/users/ledger?limit=100" }),
        expect: signedIn(200),
        check: async (ctx, actor, res) => {
          const user = mustBeMe(ctx, actor);
          const page = jsonOf(res) as Page;
          if (actor === "userA") expect(page.entries.length).toBeGreaterThan(0);
          // Each row must be the caller's.
          for (const entry of page.entries) {
            const found = await ctx.app.ctx.db.execute(sql`select user_id, kind from ledger where id = ${entry.id}`);
            expect(rowsOf<{ user_id: string; kind: string }>(found)[0], String(entry.id)).toEqual({
              user_id: user.id,
              kind: entry.kind,
            });
          }
        },
      },
      {
        name: "own NeonBits ledger",
        request: () => ({ method: "GET", url: "/api/users/ledger?kind=neonbits&limit=100" }),
        expect: signedIn(200),
        check: async (ctx, actor, res) => {
          const { neonbits } = await expectBooksBalance(ctx.app.ctx.db, mustBeMe(ctx, actor).id);
          const page = jsonOf(res) as Page;
          expect(page.neonbits).toBe(neonbits);
          expect(page.entries.every((e) => e.kind === "neonbits")).toBe(true);
          expect(page.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(neonbits);
        },
      },
    ],
  },
];
