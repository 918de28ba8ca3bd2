// The app's start (src/main.tsx imports this last): the router, then hydrating or rendering the root.
import { MESSAGES } from "@neonlab/shared/messages";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { preloadShell } from "./layouts/layouts.tsx";
import { createAppRouter } from "./router.tsx";
import { HYDRATION_MISMATCH, PRERENDER_DISABLED, PRERENDERED, QUERY_STATE_ID } from "../lib/prerender-markers.ts";
import { readAuthToken } from "../lib/auth-token.ts";
import { startHydrating } from "../lib/hydrated.tsx";
import { preloadProfileQuery } from "../lib/session.tsx";

type AppRouter = ReturnType<typeof createAppRouter>;

/** How long the first render waits for code it shows (the page's, the header's) before it goes ahead. */
const READY_LIMIT_MS = 3000;

/**
 * Resolves once the router has loaded the opened page's code (index.html starts that download early), so
 * the first render shows the page rather than a loading state first; gives up waiting after `limitMs`.
 */
function routerReady(router: AppRouter, limitMs = READY_LIMIT_MS): Promise<void> {
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

/** `promise`, or nothing once `limitMs` have passed. */
const within = (promise: Promise<void>, limitMs = READY_LIMIT_MS) =>
  Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);

/** Prerendered form controls are disabled until the app runs (apps/web/vite-plugins/prerender.ts); hydration takes them as they were. */
function enablePrerenderedControls(container: HTMLElement) {
  for (const control of container.querySelectorAll(`[${PRERENDER_DISABLED}]`)) {
    control.removeAttribute("disabled");
    control.removeAttribute(PRERENDER_DISABLED);
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
  const container = document.getElementById("root") as HTMLElement;
  const hydrating = container.hasAttribute(PRERENDERED) && !readAuthToken();
  // The header's and footer's code, fetched alongside the page's. The first render waits for it too: a
  // prerendered header taken over after the rest of the page would no longer match its markup (the colour
  // toggle renders the build's version only while the page hydrates). A failed load is left to the render.
  const shell = preloadShell().catch(() => undefined);
  // A signed-in visitor's profile query: its code arrives while the page's does.
  preloadProfileQuery();
  // A page the server rendered with API data carries the query cache's state (app/query-state.ts); the
  // code restoring it loads only then. Without it hydration finds other markup and renders afresh.
  const queryState =
    hydrating && document.getElementById(QUERY_STATE_ID)?.textContent
      ? import("./query-state.ts").catch(() => undefined)
      : undefined;
  await Promise.all([routerReady(router), within(shell)]);
  try {
    const app = (
      <StrictMode>
        <App router={router} />
      </StrictMode>
    );
    if (hydrating) {
      enablePrerenderedControls(container);
      (await queryState)?.restoreQueryState();
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
