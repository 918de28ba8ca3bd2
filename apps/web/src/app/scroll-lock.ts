// Several overlays can lock scrolling at once (app preloader, error page); the last one out restores it.
let locks = 0;
let saved = "";

export function lockScroll() {
  const root = document.documentElement;
  if (locks === 0) saved = root.style.overflow;
  locks += 1;
  root.style.overflow = "hidden";
}

export function unlockScroll() {
  if (locks === 0) return;
  locks -= 1;
  if (locks === 0) document.documentElement.style.overflow = saved;
}
