// The app's start (src/main.tsx imports this last): the router, then hydrating or rendering the root.
import { MESSAGES } from "@neonlab/shared/messages";
import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { config as zodConfig } from "zod/v4/core";
import { App } from "./app.tsx";
import { createAppRouter } from "./router.tsx";
import { HYDRATION_MISMATCH, PRERENDER_DISABLED, PRERENDERED, QUERY_STATE_ID } from "../lib/prerender-markers.ts";
import { queryClient } from "../lib/query-client.ts";
import { readAuthToken } from "../lib/auth-token.ts";
import { startHydrating } from "../lib/hydrated.tsx";

// Zod probes `new Function` for a faster object parser; the CSP (script-src 'self') reports that probe.
zodConfig({ jitless: true });

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Resolves once the router has loaded the opened page's code (index.html starts that download early), so
 * the first render shows the page rather than a loading state first; gives up waiting after `limitMs`.
 */
function routerReady(router: AppRouter, limitMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const timer = setTimeout(done, limitMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

/** Prerendered form controls are disabled until the app runs (apps/web/vite-plugins/prerender.ts); hydration takes them as they were. */
function enablePrerenderedControls(container: HTMLElement) {
  for (const control of container.querySelectorAll(`[${PRERENDER_DISABLED}]`)) {
    control.removeAttribute("disabled");
    control.removeAttribute(PRERENDER_DISABLED);
  }
}

/**
 * A page the server rendered from API answers carries the query cache's state (src/entry-prerender.tsx):
 * restored, the first render shows the same data as the markup, without asking the API again. The server
 * checked those answers when it sent the page (it keeps one render while they stay the same), so they
 * count as fetched now, not when that render was made.
 */
function restoreQueryState() {
  const script = document.getElementById(QUERY_STATE_ID);
  if (!script?.textContent) return;
  try {
    const state = JSON.parse(script.textContent) as DehydratedState;
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
  } catch (error) {
    console.warn(HYDRATION_MISMATCH, error);
  }
}

/**
 * A public page prerendered at build time is hydrated for a signed-out visitor: React takes over the
 * markup already on screen instead of building it again (no second layout, and the largest paint stays
 * the first one). A signed-in visitor sees a different header, so the app renders from scratch, as it
 * does on every other page. Either way the first render runs as a transition, in slices that leave the
 * main thread free in between.
 */
export async function mount() {
  let router: AppRouter;
  try {
    router = createAppRouter();
  } catch (error) {
    console.error(MESSAGES.mountError, error);
    throw error;
  }
  await routerReady(router);
  try {
    const container = document.getElementById("root") as HTMLElement;
    const app = (
      <StrictMode>
        <App router={router} />
      </StrictMode>
    );
    if (container.hasAttribute(PRERENDERED) && !readAuthToken()) {
      enablePrerenderedControls(container);
      restoreQueryState();
      startHydrating();
      startTransition(() => {
        hydrateRoot(container, app, {
          // A mismatch is repaired by rendering afresh; it is worth a warning, not the error page.
          onRecoverableError: (error) => console.warn(HYDRATION_MISMATCH, error),
        });
      });
    } else {
      const root = createRoot(container);
      startTransition(() => root.render(app));
    }
  } catch (error) {
    console.error(MESSAGES.mountError, error);
    throw error;
  }
}
