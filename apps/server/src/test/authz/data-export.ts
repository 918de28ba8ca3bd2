import { expect } from "vitest";
import { EXPECT, jsonOf, mustBeMe, type RouteEntry } from "./types.ts";
import { readyExport, waitForExport } from "../../modules/data-export/test-helpers.ts";

const { all, signedIn, ownerOnly } = EXPECT;

/** Authorization matrix rows of the data-export module (test/authz-matrix.ts). */
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
