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
const groupId = (spec: RouteSpec) => `${spec.layout}:${spec.guard}`;

/** Adds `children` to the route `parentId` (React Router's `patch`, or the same on a plain route tree). */
type Patch = (parentId: string, children: RouteObject[]) => void;

function guardGroup(spec: RouteSpec, pages: RouteObject[]): RouteObject {
  const group = spec.guard === "public" ? { children: pages } : guardRoute(spec.guard, pages);
  return { ...group, id: groupId(spec) };
}

/**
 * Adds the routes of `specs` not added yet, each under layout → guard, so each layout and guard element
 * is shared by its pages: a page under its guard group if that is there, else with its group under its
 * layout, else with both under the root. One patch per parent.
 */
function addRoutes(specs: readonly RouteSpec[], added: Set<string>, patch: Patch) {
  const batches = new Map<string, RouteObject[]>();
  const find = (id: string): RouteObject | undefined => {
    for (const routes of batches.values()) {
      const stack = [...routes];
      for (let route = stack.pop(); route; route = stack.pop()) {
        if (route.id === id) return route;
        stack.push(...(route.children ?? []));
      }
    }
    return undefined;
  };
  const into = (parentId: string, route: RouteObject) => {
    const parent = find(parentId);
    if (parent) parent.children = [...(parent.children ?? []), route];
    else batches.set(parentId, [...(batches.get(parentId) ?? []), route]);
  };
  for (const spec of specs) {
    if (added.has(spec.path)) continue;
    const page = pageRoute(spec);
    if (added.has(groupId(spec))) into(groupId(spec), page);
    else if (added.has(layoutId(spec.layout))) into(layoutId(spec.layout), guardGroup(spec, [page]));
    else
      into(ROOT_ID, {
        id: layoutId(spec.layout),
        Component: LAYOUTS[spec.layout],
        children: [guardGroup(spec, [page])],
      });
    for (const id of [spec.path, groupId(spec), layoutId(spec.layout)]) added.add(id);
  }
  for (const [parentId, children] of batches) patch(parentId, children);
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
  const root: RouteObject = {
    id: ROOT_ID,
    Component: Root,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteLoading,
    children: [],
  };
  addRoutes(specs, added, (_root, children) => root.children?.push(...children));
  root.children?.push({ id: "not-found", path: "*", lazy: notFoundRoute });
  return root;
}

/** Every route of the app: the build-time render's (src/entry-prerender.tsx) and the tests'. */
export function appRoutes(): RouteObject[] {
  return [rootRoute(ROUTES, new Set())];
}

/**
 * The browser's router starts with the routes under the opened path's first segment only and adds the
 * others as navigation reaches them (React Router's patchRoutesOnNavigation): matching all ~60 routes
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
