import { createBrowserRouter, type RouteObject } from "react-router";
import { GUARDS } from "./guards.tsx";
import { LAYOUTS, type LayoutName } from "./layouts/layouts.tsx";
import { NotFoundPage, RouteErrorPage } from "./route-errors.tsx";
import { RouteLoading } from "./route-loading.tsx";
import { Root } from "./root.tsx";
import { loadPage } from "./page-loader.tsx";
import { ROUTES, type RouteHandle, type RouteSpec } from "./routes.ts";

function pageRoute(spec: RouteSpec): RouteObject {
  return {
    path: spec.path,
    handle: { title: spec.title } satisfies RouteHandle,
    lazy: async () => ({ Component: await loadPage(spec.page) }),
  };
}

/** layout → guard → pages, so each layout and guard element is shared by its pages. */
export function buildRouteTree(specs: RouteSpec[]): RouteObject[] {
  const layouts = new Map<LayoutName, Map<RouteSpec["guard"], RouteSpec[]>>();
  for (const spec of specs) {
    const byGuard = layouts.get(spec.layout) ?? new Map();
    byGuard.set(spec.guard, [...(byGuard.get(spec.guard) ?? []), spec]);
    layouts.set(spec.layout, byGuard);
  }
  return [...layouts].map(([layout, byGuard]) => {
    const Layout = LAYOUTS[layout];
    return {
      Component: Layout,
      children: [...byGuard].map(([guard, pages]) =>
        guard === "public"
          ? { children: pages.map(pageRoute) }
          : { Component: GUARDS[guard], children: pages.map(pageRoute) },
      ),
    };
  });
}

/** The app's route objects: the browser router's, and the build-time render's (src/entry-prerender.tsx). */
export function appRoutes(): RouteObject[] {
  return [
    {
      Component: Root,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: RouteLoading,
      children: [...buildRouteTree(ROUTES), { path: "*", Component: NotFoundPage }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
