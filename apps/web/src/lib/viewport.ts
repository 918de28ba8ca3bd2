import { BREAKPOINTS, VIEWPORT_COOKIE_DAYS, VIEWPORT_FALLBACK, type Viewport } from "@neonlab/shared/constants";
import { readCookie, writeCookie } from "./cookies.ts";

export const VIEWPORT_COOKIE = "neonlab-viewport";

const ordered = (Object.entries(BREAKPOINTS) as [Viewport, number][]).sort((a, b) => a[1] - b[1]);

/** The largest spec breakpoint that fits the width (mobile below 320 too); fallback desktop when unknown. */
export function viewportFor(width: number | undefined): Viewport {
  if (width === undefined || !Number.isFinite(width) || width <= 0) return VIEWPORT_FALLBACK;
  let current: Viewport = "mobile";
  for (const [name, min] of ordered) if (width >= min) current = name;
  return current;
}

/** Keeps the viewport cookie (365 days) in step with the window width. Returns a cleanup. */
export function trackViewport(): () => void {
  const update = () => {
    const next = viewportFor(window.innerWidth);
    if (readCookie(VIEWPORT_COOKIE) !== next) writeCookie(VIEWPORT_COOKIE, next, VIEWPORT_COOKIE_DAYS * 24 * 60 * 60);
  };
  update();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(update, 200);
  };
  window.addEventListener("resize", onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener("resize", onResize);
  };
}
