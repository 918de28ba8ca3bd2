// Build-time render of the public pages (apps/web/vite-plugins.ts, prerender): the HTML of a signed-out
// visitor's first render, written into a copy of index.html per page, so the page itself (not only the
// preloader) paints before the app's JavaScript has run. The app's first render replaces it.
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Preloader } from "./app/preloader.tsx";
import { Providers } from "./app/providers.tsx";
import { appRoutes, type RouteHandle } from "./app/router.tsx";

export type Prerendered = { html: string; title: string | null };

/** The page at `path` as a signed-out visitor first sees it, or null when the route redirects. */
export async function render(path: string): Promise<Prerendered | null> {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <Providers>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <Preloader />
    </Providers>,
  );
  const handle = [...context.matches].reverse().find((match) => (match.route.handle as RouteHandle | undefined)?.title)
    ?.route.handle as RouteHandle | undefined;
  return { html, title: handle ? `${handle.title} · NeonLab` : null };
}
