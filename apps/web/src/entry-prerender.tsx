// Build-time render of the public pages (apps/web/vite-plugins.ts, prerender): the HTML of a signed-out
// visitor's first render, written into a copy of index.html per page, so the page itself (not only the
// preloader) paints before the app's JavaScript has run. The same tree as the browser's (App), which
// hydrates it for a signed-out visitor (src/main.tsx).
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App } from "./app/app.tsx";
import { appRoutes, type RouteHandle } from "./app/router.tsx";
import { ROUTES } from "./app/routes.tsx";

export type Prerendered = { html: string; title: string | null };

/** The page at `path` as a signed-out visitor first sees it, or null when the route redirects. */
export async function render(path: string): Promise<Prerendered | null> {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <App staticRouter={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
    </StrictMode>,
  );
  const handle = [...context.matches].reverse().find((match) => (match.route.handle as RouteHandle | undefined)?.title)
    ?.route.handle as RouteHandle | undefined;
  return { html, title: handle ? `${handle.title} · NeonLab` : null };
}

/** The sign-in-required routes' paths (the server sends a visitor without a session on to /login). */
export function signInPaths(): string[] {
  return ROUTES.filter((route) => route.guard === "private").map((route) => route.path);
}
