import { createBrowserRouter, type RouteObject } from "react-router";
import { guardRoute } from "./guards.tsx";
import type { LayoutName } from "../lib/route-table.ts";
import { LAYOUTS } from "./layouts/layouts.tsx";
import { ErrorPage } from "../components/error-page/deferred-error-page.tsx";
import { NotFoundPage, RouteErrorPage } from "../components/error-page/route-errors.tsx";
import { RouteLoading } from "./route-loading.tsx";
import { Root } from "./root.tsx";
import { type BuiltRoutePath, PAGES, type Placeholder, ROUTES, type RouteHandle, type RouteSpec } from "./routes.ts";

/** The "not yet available" panel of a capability still to come, in place of its page. */
async function placeholderPage({ feature, path, description }: Placeholder) {
  const { NotAvailablePage } = await import("../features/placeholder/not-available-page.tsx");
  return function PlaceholderPage() {
    return <NotAvailablePage feature={feature} path={path} description={description} />;
  };
}

function pageRoute(spec: RouteSpec): RouteObject {
  const { placeholder } = spec;
  const page = placeholder ? () => placeholderPage(placeholder) : PAGES[spec.path as BuiltRoutePath];
  if (!page) throw new Error(`no page for the route ${spec.path} in app/routes.ts`);
  return {
    path: spec.path,
    handle: { title: spec.title } satisfies RouteHandle,
    lazy: async () => ({ Component: await page() }),
  };
}

/** The not-found page, its code loaded with the route as a page's is (the first render shows it whole). */
async function notFoundRoute() {
  await ErrorPage.preload();
  return { Component: NotFoundPage };
}

/** layout → guard → pages, so each layout and guard element is shared by its pages. */
export function buildRouteTree(specs: readonly RouteSpec[]): RouteObject[] {
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
        guard === "public" ? { children: pages.map(pageRoute) } : guardRoute(guard, pages.map(pageRoute)),
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
      children: [...buildRouteTree(ROUTES), { path: "*", lazy: notFoundRoute }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
