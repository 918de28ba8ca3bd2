import { lazy } from "react";

/**
 * The Connect control, its code in its own chunk loaded where it first renders (inside a Suspense boundary):
 * the notification bell imports this feature for the actions alone.
 */
export const ConnectionButton = lazy(() =>
  import("./components/connection-button.tsx").then((m) => ({ default: m.ConnectionButton })),
);
