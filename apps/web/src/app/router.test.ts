import type { DataRouteObject } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { appRoutes, createAppRouter } from "./router.tsx";
import { ROUTES } from "./routes.ts";

type AppRouter = ReturnType<typeof createAppRouter>;

/** The paths of the page routes a route tree holds. */
function pagePaths(routes: readonly { path?: string; children?: unknown[] }[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path && route.path !== "*" ? [route.path] : []),
    ...pagePaths((route.children ?? []) as DataRouteObject[]),
  ]);
}

/** The id of the deepest route matched once the router has settled on `path`. */
async function openedRoute(router: AppRouter, path: string) {
  await router.navigate(path);
  return router.state.matches.at(-1)?.route.id;
}

const routers: AppRouter[] = [];
function routerAt(path: string) {
  window.history.replaceState(null, "", path);
  const router = createAppRouter();
  routers.push(router);
  return router;
}

afterEach(() => {
  for (const router of routers.splice(0)) router.dispose();
});

describe("the app's router", () => {
  it("holds every route for the build-time render, each once", () => {
    const paths = pagePaths(appRoutes());
    expect([...paths].sort()).toEqual(ROUTES.map((route) => route.path).sort());
  });

  it("starts with the routes under the opened path's first segment only", () => {
    expect(pagePaths(routerAt("/pricing").routes)).toEqual(["/pricing"]);
    expect(pagePaths(routerAt("/").routes)).toEqual(["/"]);
    expect(pagePaths(routerAt("/blogs/some-post").routes).sort()).toEqual(
      ROUTES.filter((route) => route.path.startsWith("/blogs"))
        .map((route) => route.path)
        .sort(),
    );
  });

  it("adds the other routes as navigation reaches them, the most specific one winning", async () => {
    const router = routerAt("/pricing");
    expect(await openedRoute(router, "/blogs/my-blogs")).toBe("/blogs/my-blogs");
    expect(await openedRoute(router, "/blogs/some-post")).toBe("/blogs/:slug");
    expect(await openedRoute(router, "/Courses/web-foundations")).toBe("/courses/:slug");
    expect(await openedRoute(router, "/pricing")).toBe("/pricing");
    expect(await openedRoute(router, "/no/such/page")).toBe("not-found");
    // Each route once, each layout and guard shared by its pages.
    const ids: string[] = [];
    const collect = (routes: readonly DataRouteObject[]) => {
      for (const route of routes) {
        ids.push(route.id);
        collect(route.children ?? []);
      }
    };
    collect(router.routes);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id === "layout:default")).toHaveLength(1);
  });
});
