// Server-side render of the public pages. The build (apps/web/vite-plugins/prerender.ts) renders each
// one as a signed-out visitor first sees it into a copy of index.html, so the page itself (not only the
// preloader) paints before the app's JavaScript has run. The server (apps/server/src/spa.ts) renders the
// pages that show API data again with the API's current answers (`renderLivePage`). Either way it is the
// same tree as the browser's (App), which hydrates it for a signed-out visitor (src/app/mount.tsx).
import { dehydrate, type QueryKey } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App } from "./app/app.tsx";
import { preloadShell } from "./app/layouts/layouts.tsx";
import { appRoutes } from "./app/router.tsx";
import { ROUTES, type RouteHandle } from "./app/routes.ts";
import { courseCategoriesQuery } from "./features/courses/api/get-course-categories.ts";
import { coursesQuery } from "./features/courses/api/get-courses.ts";
import { currencyProductQuery, subscriptionProductQuery } from "./features/payments/api/payments.ts";
import { rankQuery } from "./features/rank/api/get-rank.ts";
import { blogCategoriesQuery, blogListQuery } from "./features/blogs/api/blogs.ts";
import { listQuery, readFilters } from "./features/blogs/lib/list-filters.ts";
import { featuredCoursesQuery } from "./features/pages/home/featured-courses.ts";
import { projectsQuery } from "./features/projects/api/projects.ts";
import { PRERENDER_DISABLED, QUERY_STATE_ID, ROOT_MARKERS } from "./lib/prerender-markers.ts";
import { queryClient } from "./lib/query-client.ts";

export type Prerendered = { html: string; title: string | null };

const FORM_CONTROL = /<(?:input|textarea|select|button)\b[^>]*>/gi;
/** A control's own `disabled` attribute (not `data-disabled` or `aria-disabled`). */
const DISABLED_ATTRIBUTE = /\sdisabled(?:=""|\s|\/?>)/;

/**
 * Disables each enabled control (input typed before the app has taken the page over would be lost),
 * marked so the app enables it again before hydrating (src/app/mount.tsx).
 */
function disableFormControls(html: string): string {
  return html.replace(FORM_CONTROL, (tag) =>
    DISABLED_ATTRIBUTE.test(tag)
      ? tag
      : tag.replace(/^<[a-z]+/i, (name) => `${name} disabled="" ${PRERENDER_DISABLED}=""`),
  );
}

/**
 * The route at `path` matched as the browser's router would, with a function rendering the app's markup
 * for it; null when the route redirects.
 */
async function routeAt(path: string) {
  // Loaded before rendering, so the header and footer are in the markup (in the browser they load apart).
  await preloadShell();
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = () =>
    disableFormControls(
      renderToString(
        <StrictMode>
          <App staticRouter={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
        </StrictMode>,
      ),
    );
  return { context, markup };
}

/** The page at `path` as a signed-out visitor first sees it, or null when the route redirects. */
export async function render(path: string): Promise<Prerendered | null> {
  const route = await routeAt(path);
  if (!route) return null;
  const handle = [...route.context.matches]
    .reverse()
    .find((match) => (match.route.handle as RouteHandle | undefined)?.title)?.route.handle as RouteHandle | undefined;
  return { html: route.markup(), title: handle ? `${handle.title} · NeonLab` : null };
}

/** Pages whose content depends on the query string (a token, an OAuth result): rendered in the browser. */
const NOT_PRERENDERED = new Set(["/redirect", "/reset-password"]);

/**
 * The pages the build renders (apps/web/vite-plugins/prerender.ts): public and sign-in pages without parameters (a
 * signed-in visitor of a sign-in page is sent on by the app).
 */
export function prerenderPaths(): string[] {
  return ROUTES.filter(
    (route) =>
      (route.guard === "public" || route.guard === "guest") &&
      !route.path.includes(":") &&
      !NOT_PRERENDERED.has(route.path),
  ).map((route) => route.path);
}

/**
 * Public pages whose first view is API data: the server renders them with the answers to these queries'
 * anonymous GETs (`meta.api`), so a signed-out visitor sees the data (and its images start loading)
 * before any script. They are the queries the page reads, so hydration finds that data in the cache.
 */
const LIVE_PAGES: Record<string, { queryKey: QueryKey; meta?: Record<string, unknown> }[]> = {
  "/": [featuredCoursesQuery],
  "/blogs": [blogCategoriesQuery(), blogListQuery(listQuery(readFilters(new URLSearchParams()), undefined))],
  "/projects": [projectsQuery(null)],
  "/courses": [coursesQuery(null), courseCategoriesQuery()],
  "/rank": [rankQuery("all")],
  "/pricing": [subscriptionProductQuery(), currencyProductQuery()],
};

/** The API paths whose answers `renderLivePage` needs for `path`, or null when the page shows no API data. */
export function liveRequests(path: string): string[] | null {
  return (
    LIVE_PAGES[path]?.map(({ queryKey, meta }) => {
      if (typeof meta?.api !== "string") throw new Error(`query ${JSON.stringify(queryKey)} has no meta.api`);
      return meta.api;
    }) ?? null
  );
}

/** JSON that can sit inside a <script> element: `<` never closes it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * `page` (the build's prerendered copy of `path`) with its markup rendered again from `answers` (in the
 * order of `liveRequests(path)`), and the query cache's state as JSON for the browser to restore.
 * Renders run one at a time (the query cache is the app's one module-level client), so never await
 * between seeding the cache and clearing it.
 */
export async function renderLivePage(page: string, path: string, answers: unknown[]): Promise<string> {
  const sources = LIVE_PAGES[path];
  if (!sources || answers.length !== sources.length) throw new Error(`no live data for ${path}`);
  if (!ROOT_MARKERS.test(page) || !page.includes("</body>")) throw new Error("the page lacks the app-html markers");
  const route = await routeAt(path);
  if (!route) throw new Error(`${path} redirects`);
  let html: string;
  let state: string;
  try {
    for (const [index, source] of sources.entries()) queryClient.setQueryData(source.queryKey, answers[index]);
    html = route.markup();
    state = scriptJson(dehydrate(queryClient));
  } finally {
    queryClient.clear();
  }
  return page
    .replace(ROOT_MARKERS, () => `<!--app-html-->${html}<!--/app-html-->`)
    .replace("</body>", () => `<script type="application/json" id="${QUERY_STATE_ID}">${state}</script>\n</body>`);
}
