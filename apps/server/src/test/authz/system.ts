import { EXPECT, type RouteEntry } from "./types.ts";

const { all } = EXPECT;

/** Authorization matrix rows of the system module (test/authz-matrix.ts). */
export const SYSTEM_ROUTES: RouteEntry[] = [
  // ------------------------------------------------ system
  ...(["/api/health", "/api/ready", "/api/build"] as const).map(
    (url): RouteEntry => ({
      method: "GET",
      url,
      access: "public",
      cases: [{ name: "open", request: () => ({ method: "GET", url }), expect: all(200) }],
    }),
  ),
];
