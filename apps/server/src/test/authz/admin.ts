import { expect } from "vitest";
import { EXPECT, type RouteEntry } from "./types.ts";

const { adminOnly } = EXPECT;

/** Authorization matrix rows of the admin module (test/authz-matrix.ts). */
export const ADMIN_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/admin/jobs/failed",
    access: "admin",
    cases: [
      {
        name: "failed background jobs",
        request: () => ({ method: "GET", url: "/api/admin/jobs/failed?limit=5" }),
        expect: adminOnly(200),
        check: (_ctx, actor, res) => {
          if (actor === "admin") expect(Array.isArray(res.json())).toBe(true);
        },
      },
    ],
  },
];
