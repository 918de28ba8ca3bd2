// Several overlays can lock scrolling at once (the error page's preloaders); the last one out restores it.
let locks = 0;
let saved = "";

/**
 * index.html locks scrolling under its page-load preloader (overflow hidden, marked by this attribute) and
 * releases it when that overlay leaves, unless an overlay of the app took the lock over meanwhile (then
 * "hidden" is not the value to restore, and index.html leaves it to this module).
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
