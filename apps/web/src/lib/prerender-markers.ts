// Attributes the build's prerender (apps/web/vite-plugins/prerender.ts) writes into a public page's HTML and the
// app's start (src/main.tsx) reads back.

/** On #root: its content is the page rendered at build time, not only the preloader. */
export const PRERENDERED = "data-prerendered";
/**
 * On <html> once the app's first render is committed (app/app-effects.tsx): the page is the app's from
 * then on (hydrated or rendered), whatever index.html's page-load preloader still shows over it.
 */
export const APP_STARTED = "data-app-started";
/** On a form control the prerender disabled (it had no `disabled` of its own). */
export const PRERENDER_DISABLED = "data-prerender-disabled";
/** Logged (as a warning) when hydration found markup unlike the app's first render and rendered afresh. */
export const HYDRATION_MISMATCH = "NeonLab: the prerendered page differed from the app; rendered it afresh:";
/**
 * The global where index.html (and each prerendered page) lists the opened page's own chunks, the ones
 * the app's entry does not load itself: src/main.tsx evaluates them one task each before the app starts.
 */
export const ROUTE_MODULES = "neonlabRouteModules";

declare global {
  interface Window {
    neonlabRouteModules?: string[];
  }
}

/** Around the page's markup inside #root, in index.html and in every prerendered page. */
export const ROOT_MARKERS = /<!--app-html-->[\s\S]*?<!--\/app-html-->/;
/**
 * The id of the JSON script in a page the server rendered with the API's answers (src/entry-prerender.tsx,
 * `renderLivePage`): the query cache's state that markup was rendered from, restored before hydrating.
 */
export const QUERY_STATE_ID = "neonlab-query-state";
