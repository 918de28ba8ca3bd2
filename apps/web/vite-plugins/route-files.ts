// What the early-downloads plugin learns from the client build and the prerender plugin reuses.
import { resolve } from "node:path";
import { pathPattern, ROUTES } from "../src/app/routes.ts";

/** Per route pattern (`pathPattern`), the page's chunks and CSS beyond what the app's entry loads. */
export type RouteFiles = Map<string, { js: string[]; css: string[] }>;

export { pathPattern };

/**
 * The routes of the route table (src/app/routes.ts) a signed-out visitor can open whose page is a module
 * (not a placeholder), with that module's file: `featuresDir` is src/features/, which page modules are
 * named relative to.
 */
export function signedOutPageRoutes(featuresDir: string): { path: string; module: string }[] {
  return ROUTES.flatMap((route) =>
    (route.guard === "public" || route.guard === "guest") && typeof route.page === "string"
      ? [{ path: route.path, module: resolve(featuresDir, route.page) }]
      : [],
  );
}

/** Every route's path: any other path is answered 404 by the server (apps/server/src/spa.ts). */
export const routePaths = () => ROUTES.map((route) => route.path);

/** The sign-in-required routes' paths (the server sends a visitor without a session cookie on to /login). */
export const signInPaths = () => ROUTES.filter((route) => route.guard === "private").map((route) => route.path);

/**
 * A stylesheet written into the page: nothing to download before the first paint. The disabled link
 * left in its place is never fetched; it tells Vite's loader of lazy chunks that the file is already in
 * the page (it looks for link[rel=stylesheet][href]), so it is not loaded a second time.
 */
export function inlineStylesheet(href: string, css: string): string {
  return `<style data-href="${href}">${css.replace(/<\/style/gi, "<\\/style")}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
}
