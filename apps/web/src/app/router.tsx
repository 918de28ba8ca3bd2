import { createBrowserRouter, type RouteObject } from "react-router";
import { guardRoute } from "./guards.tsx";
import type { GuardName, LayoutName } from "../lib/route-table.ts";
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
    id: spec.path,
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

const ROOT_ID = "root";
const layoutId = (layout: LayoutName) => `layout:${layout}`;
const groupId = (layout: LayoutName, guard: GuardName) => `${layout}:${guard}`;

/** Adds `children` to the route `parentId` (React Router's `patch`, or the same on a plain route tree). */
type Patch = (parentId: string, children: RouteObject[]) => void;

function guardGroup(layout: LayoutName, guard: GuardName, pages: RouteObject[]): RouteObject {
  const group = guard === "public" ? { children: pages } : guardRoute(guard, pages);
  return { ...group, id: groupId(layout, guard) };
}

/**
 * Adds the routes of `specs` not added yet as layout → guard → pages, so each layout and guard element is
 * shared by its pages: pages into their guard group if it is there, else their group into its layout if
 * that is there, else the layout with its groups into the root.
 */
function addRoutes(specs: readonly RouteSpec[], added: Set<string>, patch: Patch) {
  const layouts = new Map<LayoutName, Map<GuardName, RouteSpec[]>>();
  for (const spec of specs) {
    if (added.has(spec.path)) continue;
    const byGuard = layouts.get(spec.layout) ?? new Map<GuardName, RouteSpec[]>();
    byGuard.set(spec.guard, [...(byGuard.get(spec.guard) ?? []), spec]);
    layouts.set(spec.layout, byGuard);
  }
  for (const [layout, byGuard] of layouts) {
    const newGroups: RouteObject[] = [];
    for (const [guard, pages] of byGuard) {
      const routes = pages.map(pageRoute);
      if (added.has(groupId(layout, guard))) patch(groupId(layout, guard), routes);
      else newGroups.push(guardGroup(layout, guard, routes));
      for (const id of [groupId(layout, guard), ...pages.map((spec) => spec.path)]) added.add(id);
    }
    if (newGroups.length === 0) continue;
    if (added.has(layoutId(layout))) patch(layoutId(layout), newGroups);
    else patch(ROOT_ID, [{ id: layoutId(layout), Component: LAYOUTS[layout], children: newGroups }]);
    added.add(layoutId(layout));
  }
}

/** The routes whose path starts with the segment `pathname` starts with (the router picks among them). */
function routesUnder(pathname: string): RouteSpec[] {
  const first = (path: string) => {
    const segment = path.split("/")[1] ?? "";
    try {
      return decodeURIComponent(segment).toLowerCase();
    } catch {
      return segment.toLowerCase();
    }
  };
  const segment = first(pathname);
  return ROUTES.filter((spec) => first(spec.path) === segment);
}

/** The root route with `specs`' routes under it and the not-found route. */
function rootRoute(specs: readonly RouteSpec[], added: Set<string>): RouteObject {
  const children: RouteObject[] = [];
  addRoutes(specs, added, (_root, routes) => children.push(...routes));
  children.push({ id: "not-found", path: "*", lazy: notFoundRoute });
  return { id: ROOT_ID, Component: Root, ErrorBoundary: RouteErrorPage, HydrateFallback: RouteLoading, children };
}

/** Every route of the app: the build-time render's (src/entry-prerender.tsx) and the tests'. */
export function appRoutes(): RouteObject[] {
  return [rootRoute(ROUTES, new Set())];
}

/**
 * The browser's router starts with the routes under the opened path's first segment only and adds the
 * others as navigation reaches them (React Router's patchRoutesOnNavigation): matching all ~50 routes
 * at start was the largest part of creating the router, in the task that blocks the first interaction.
 */
export function createAppRouter(pathname = window.location.pathname) {
  const added = new Set<string>();
  return createBrowserRouter([rootRoute(routesUnder(pathname), added)], {
    // A patch call of an aborted navigation does nothing, so nothing is counted as added then.
    patchRoutesOnNavigation: ({ path, patch, signal }) => {
      if (!signal.aborted) addRoutes(routesUnder(path), added, patch);
    },
  });
}
