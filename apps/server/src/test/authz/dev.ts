import { expect } from "vitest";
import { EXPECT, type RouteEntry } from "./types.ts";

const { all } = EXPECT;

/** Authorization matrix rows of the dev module (test/authz-matrix.ts). */
export const DEV_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ dev (src/modules/dev), never in production
  {
    method: "GET",
    url: "/api/dev/outbox",
    access: "dev-only",
    note: "Reads any address's outbox by design (local development and e2e); absent when NODE_ENV=production, and unless HOST and PUBLIC_URL are loopback or DEV_OUTBOX=true.",
    cases: [
      {
        name: "an address without mail",
        request: () => ({ method: "GET", url: "/api/dev/outbox?to=nobody%40example.test" }),
        expect: all(200),
        check: (_ctx, _actor, res) => expect(res.json()).toEqual([]),
      },
    ],
  },
];
