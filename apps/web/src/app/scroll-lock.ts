// Several overlays can lock scrolling at once (app preloader, error page); the last one out restores it.
let locks = 0;
let saved = "";

/**
 * index.html locks scrolling under its static preloader before the app loads (overflow hidden, marked by
 * this attribute); the app's preloader takes that lock over, so "hidden" is not the value to restore.
 */
export const STATIC_LOCK_ATTRIBUTE = "data-preloader-lock";

export function lockScroll() {
  const root = document.documentElement;
  if (locks === 0) saved = root.hasAttribute(STATIC_LOCK_ATTRIBUTE) ? "" : root.style.overflow;
  root.removeAttribute(STATIC_LOCK_ATTRIBUTE);
  locks += 1;
  root.style.overflow = "hidden";
}

export function unlockScroll() {
  if (locks === 0) return;
  locks -= 1;
  if (locks === 0) document.documentElement.style.overflow = saved;
}
