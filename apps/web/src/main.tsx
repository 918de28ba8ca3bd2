import { MESSAGES } from "@neonlab/shared/messages";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { config as zodConfig } from "zod/v4/core";
import { App } from "./app/app.tsx";
import { createAppRouter } from "./app/router.tsx";

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

/**
 * Renders the app as a transition, so React builds the first tree in slices that leave the main thread
 * free in between (a plain render is one long task).
 */
async function mount() {
  let router: AppRouter;
  try {
    router = createAppRouter();
  } catch (error) {
    console.error(MESSAGES.mountError, error);
    throw error;
  }
  await routerReady(router);
  try {
    const root = createRoot(document.getElementById("root") as HTMLElement);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error(MESSAGES.mountError, error);
    throw error;
  }
}

// index.html's preloader paints first; the app starts right after that frame (at once in a hidden tab,
// which paints no frames).
if (document.visibilityState === "hidden") void mount();
else requestAnimationFrame(() => setTimeout(() => void mount(), 0));
