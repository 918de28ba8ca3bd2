import { type ReactNode, Suspense, startTransition, useEffect, useState } from "react";

/** True from just before React hydrates a prerendered page (src/app/mount.tsx) until that render is done. */
let hydrating = false;

export function startHydrating() {
  hydrating = true;
}

/**
 * False while React hydrates a prerendered page (and at build time), true otherwise. A component whose
 * output depends on the browser (the saved colour mode) renders the build's version first, so the
 * prerendered markup is taken over as it is, then switches in a transition right after hydration (a
 * low-priority render in slices, not a synchronous one in the same task as the hydration's commit).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== "undefined" && !hydrating);
  useEffect(() => {
    hydrating = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Lazy content that the prerendered pages leave out: `fallback` until the page is hydrated, then the
 * content behind a Suspense boundary with the same fallback. (A lazy component rendered at build time
 * would suspend, and React would report that boundary as a hydration error.)
 */
export function AfterHydration({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  if (!useHydrated()) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
