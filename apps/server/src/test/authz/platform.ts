import { expect } from "vitest";
import { EXPECT, type RouteEntry } from "./types.ts";

const { all, adminOnly } = EXPECT;

/** The CORS preflight of every path and the API documentation. */
export const PLATFORM_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ CORS preflight (@fastify/cors) for every path, /api included
  {
    method: "OPTIONS",
    url: "/*",
    access: "public",
    note: "Answers with CORS headers only; never reaches a handler that reads or writes data.",
    cases: [
      {
        name: "preflight of a user route",
        request: () => ({
          method: "OPTIONS",
          url: "/api/profile",
          headers: { origin: "http://localhost:3000", "access-control-request-method": "PUT" },
        }),
        expect: all(204),
        check: (_ctx, _actor, res) => expect(res.body).toBe(""),
      },
    ],
  },

  // ------------------------------------------------ docs (@fastify/swagger-ui), open to everyone
  ...(
    [
      ["/api/docs", 200],
      ["/api/docs/", 200],
      ["/api/docs/static/index.html", 302],
      ["/api/docs/static/swagger-initializer.js", 200],
      ["/api/docs/json", 200],
      ["/api/docs/yaml", 200],
    ] as const
  ).map(
    ([url, status]): RouteEntry => ({
      method: "GET",
      url,
      access: "docs",
      cases: [{ name: "open", request: () => ({ method: "GET", url }), expect: all(status) }],
    }),
  ),
  {
    method: "GET",
    url: "/api/docs/static/*",
    access: "docs",
    cases: [
      {
        name: "a Swagger UI asset",
        request: () => ({ method: "GET", url: "/api/docs/static/swagger-ui.css" }),
        expect: all(200),
      },
    ],
  },
];

/** Authorization matrix rows of the platform module's system part (test/authz-matrix.ts). */
export const SYSTEM_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ system
  ...(["/api/health", "/api/ready", "/api/build", "/api/config"] as const).map(
    (url): RouteEntry => ({
      method: "GET",
      url,
      access: "public",
      cases: [{ name: "open", request: () => ({ method: "GET", url }), expect: all(200) }],
    }),
  ),
];

/** Authorization matrix rows of the platform module's dev part (test/authz-matrix.ts). */
export const DEV_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ dev (src/modules/platform/dev), never in production
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

/** Authorization matrix rows of the platform module's admin part (test/authz-matrix.ts). */
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
