import { useEffect } from "react";
import { APP_STARTED } from "../lib/prerender-markers.ts";
import { trackViewport } from "../lib/viewport.ts";
import { ErrorPage } from "../components/error-page/deferred-error-page.tsx";

/** Runs `task` once the browser is idle (soon after the first render); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task, { timeout: 10_000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 2000);
  return () => clearTimeout(timer);
}

/**
 * App-wide background work: the app-started mark and the viewport cookie at once; once the browser is
 * idle, the error page's code and the new-version check (app-update-watch.tsx).
 */
export function AppEffects() {
  useEffect(() => document.documentElement.setAttribute(APP_STARTED, ""), []);
  useEffect(() => trackViewport(), []);
  useEffect(() => {
    let stopWatching: (() => void) | undefined;
    let stopped = false;
    const cancelIdle = whenIdle(() => {
      void ErrorPage.preload();
      import("./app-update-watch.tsx").then(
        (module) => {
          if (!stopped) stopWatching = module.watchForNewVersion();
        },
        () => undefined,
      );
    });
    return () => {
      stopped = true;
      cancelIdle();
      stopWatching?.();
    };
  }, []);
  return null;
}
