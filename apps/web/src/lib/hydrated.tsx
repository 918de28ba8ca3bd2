import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from "react";

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

/**
 * Lazy content below the fold: `fallback` (in the prerendered page too) until the fallback comes within
 * `margin` of the viewport, then the content behind a Suspense boundary with the same fallback. What a
 * visitor who never scrolls there would not see costs the page's start nothing.
 */
export function NearViewport({
  fallback,
  children,
  margin = "200px",
}: {
  fallback: ReactNode;
  children: ReactNode;
  margin?: string;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const show = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver === "undefined") return show();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return <div ref={place}>{near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}
