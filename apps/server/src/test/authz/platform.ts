import { expect } from "vitest";
import { EXPECT, type RouteEntry } from "./types.ts";

const { all } = EXPECT;

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
