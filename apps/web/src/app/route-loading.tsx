import { deferred } from "../lib/deferred.tsx";

/**
 * Shown while the session or a page is loading inside a layout. Rarely seen, so its Mantine code is a
 * chunk of its own; an empty box of its height stands in while that loads.
 */
export const RouteLoading = deferred(
  () => import("./loading-dots.tsx").then((m) => m.LoadingDots),
  <div data-route-loading style={{ minHeight: 200 }} />,
);
