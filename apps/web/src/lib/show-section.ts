/**
 * Brings a section into view and moves focus to it (keyboard and screen-reader users land where a sighted reader
 * looks): the target of a page address's `#id` (root.tsx) and of a tutor answer's `[Section](#heading-id)` link.
 */
export function showSection(heading: HTMLElement): void {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.scrollIntoView?.({ behavior: reduced ? "auto" : "smooth", block: "start" });
  heading.focus({ preventScroll: true });
}

/** The element an in-page link (`#id`) points to, or null when it is not one or nothing has that id. */
export function sectionTarget(href: string | null | undefined): HTMLElement | null {
  if (!href?.startsWith("#") || href.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(href.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Calls `show` with the element `hash` (`#id`) names as soon as it is on the page (its content may still be
 * loading), for up to `waitMs`; answers the clean-up that stops waiting.
 */
export function whenPresent(hash: string, show: (target: HTMLElement) => void, waitMs = 10_000): () => void {
  const found = sectionTarget(hash);
  if (found) {
    show(found);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const target = sectionTarget(hash);
    if (!target) return;
    stop();
    show(target);
  });
  const timer = setTimeout(() => stop(), waitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
