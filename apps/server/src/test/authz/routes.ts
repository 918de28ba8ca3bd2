import type { HTTPMethods } from "fastify";
import { expect } from "vitest";
import type { App } from "../../app.ts";

export type RouteKey = { method: string; url: string };

/**
 * Every route of the app, read from Fastify's own router: `printRoutes()` draws the radix tree (one
 * node per line, methods in parentheses); a route's URL is the concatenation of the node labels on
 * its path. The compact `commonPrefix: false` drawing is not used: it drops wildcard routes such as
 * /api/auth/*. Fastify has no public route list after `ready()` and an onRoute hook would have to be
 * added to production code before the routes are registered; callers double-check every parsed route
 * with `app.hasRoute`, so a change in the drawing can not silently lose or invent routes.
 */
export function parseRouteTree(tree: string): RouteKey[] {
  const labels: string[] = [];
  const routes: RouteKey[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*)$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    let label = match[2] ?? "";
    const methods = / \(([A-Z]+(?:, [A-Z]+)*)\)$/.exec(label);
    if (methods) label = label.slice(0, -methods[0].length);
    if (label === "(empty root node)") label = "";
    labels.length = depth;
    labels[depth] = label;
    if (!methods) continue;
    // find-my-way keeps "*" (any path) as "/*"
    const url = labels.join("").replace(/^(?!\/)/, "/");
    for (const method of (methods[1] ?? "").split(", ")) routes.push({ method, url });
  }
  return routes;
}

/**
 * The routes that answer /api requests: every route under /api and the catch-all "/*" (CORS
 * preflight), HEAD folded into GET: Fastify adds a HEAD route to every GET route (exposeHeadRoutes),
 * so a HEAD is listed only when it has no GET twin. The SPA's static files are not /api routes.
 */
export function registeredApiRoutes(app: App): RouteKey[] {
  const parsed = parseRouteTree(app.printRoutes());
  for (const route of parsed) {
    expect(app.hasRoute({ method: route.method as HTTPMethods, url: route.url }), `${route.method} ${route.url}`).toBe(
      true,
    );
  }
  const api = parsed.filter((r) => r.url === "/api" || r.url.startsWith("/api/") || r.url === "/*");
  const keys = new Set(api.map(routeKey));
  const withoutHeadTwins = api.filter((r) => !(r.method === "HEAD" && keys.has(routeKey({ ...r, method: "GET" }))));
  return uniqueRoutes(withoutHeadTwins);
}

export const routeKey = (r: RouteKey) => `${r.method} ${r.url}`;

function uniqueRoutes(routes: RouteKey[]): RouteKey[] {
  const seen = new Map<string, RouteKey>();
  for (const r of routes) seen.set(routeKey(r), r);
  return [...seen.values()].sort((x, y) => routeKey(x).localeCompare(routeKey(y)));
}

/** Routes the app has that the table does not classify, and table rows the app no longer has. */
export function diffRoutes(table: RouteKey[], registered: RouteKey[]) {
  const listed = new Set(table.map(routeKey));
  const present = new Set(registered.map(routeKey));
  return {
    unlisted: registered.map(routeKey).filter((k) => !listed.has(k)),
    stale: table.map(routeKey).filter((k) => !present.has(k)),
  };
}

/** Whether a concrete path is one the URL pattern matches (params one segment, * the rest). */
export function patternMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split("/")
    .map((part) => (part === "*" ? ".+" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`).test(path.split("?")[0] ?? "");
}
