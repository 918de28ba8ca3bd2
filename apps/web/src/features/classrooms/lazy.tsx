import { lazy } from "react";

/** Settings' list of the classrooms that see the learner's progress, in its own chunk (inside a Suspense). */
export const ProgressVisibility = lazy(() =>
  import("./components/progress-visibility.tsx").then((m) => ({ default: m.ProgressVisibility })),
);
