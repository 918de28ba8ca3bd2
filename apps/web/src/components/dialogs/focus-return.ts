import { useEffect, useRef } from "react";

/**
 * Where focus goes back to when a dialog closes: the control that opened it. Mantine's own return of focus
 * remembers whatever has focus when its one shared modal opens, which for our dialogs (code loaded on
 * demand, several in a row after a lesson) is often the body or the previous dialog's button.
 */
export type FocusReturn = { opener: HTMLElement; ancestors: HTMLElement[] };

const DIALOG = "[role='dialog'], .mantine-Modal-root";

/** A return not yet made: a dialog opened right after another closed returns to the same control. */
let pending: FocusReturn | null = null;
/** The last control focused outside the dialogs (a button that turned disabled while its request ran). */
let lastFocused: FocusReturn | null = null;
/** Dialogs asked for so far: a return stops watching once another dialog opens. */
let dialogsAsked = 0;

function describe(opener: HTMLElement): FocusReturn {
  const ancestors: HTMLElement[] = [];
  for (let node = opener.parentElement; node && node !== document.body; node = node.parentElement) {
    ancestors.push(node);
  }
  return { opener, ancestors };
}

const outsideDialogs = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement && element !== document.body && !element.closest(DIALOG);

/** Follows focus outside the dialogs (from the modals host's start); returns the listener's removal. */
export function trackFocus(): () => void {
  const remember = (event: FocusEvent) => {
    if (outsideDialogs(event.target as Element | null)) lastFocused = describe(event.target as HTMLElement);
  };
  document.addEventListener("focusin", remember);
  return () => document.removeEventListener("focusin", remember);
}

/**
 * Call when a dialog is asked for: the control that has focus, or (focus already lost, e.g. the button
 * went disabled while the request that opens the dialog ran) the return still due or the last control
 * that had focus.
 */
export function captureOpener(): FocusReturn | null {
  dialogsAsked += 1;
  const active = document.activeElement;
  if (outsideDialogs(active)) {
    pending = null;
    return describe(active);
  }
  return pending ?? lastFocused;
}

const TABBABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type='hidden']), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
/** Containers focus may land on when the opener is gone and nothing in them can take it. */
const CONTAINER = "section, article, main, [role='region'], [role='group']";
/** How long a return keeps watching: the opener may be disabled while the dialog's action runs. */
const WATCH_MS = 5000;

const shown = (element: HTMLElement) =>
  element.isConnected && element.getClientRects().length > 0 && !element.closest("[inert], [aria-hidden='true']");

/**
 * The opener when it is still there; otherwise (a "Complete lesson" button replaced by its result) the
 * first control of its nearest remaining container, or that section itself. Null while the opener is
 * there but disabled (its request running): the return waits for it.
 */
function focusTarget({ opener, ancestors }: FocusReturn): HTMLElement | null {
  if (shown(opener)) return opener.matches(":disabled") ? null : opener;
  for (const container of ancestors) {
    if (!container.isConnected) continue;
    const control = [...container.querySelectorAll<HTMLElement>(TABBABLE)].find(
      (element) => shown(element) && !element.closest(DIALOG),
    );
    if (control) return control;
    if (container.matches(CONTAINER)) {
      if (!container.hasAttribute("tabindex")) container.setAttribute("tabindex", "-1");
      return container;
    }
  }
  return null;
}

/** Marks a return as due (the dialog was closed) until `returnFocus` makes it. */
export function returnPending(target: FocusReturn | null) {
  pending = target;
}

const lost = (active: Element | null) => !active || active === document.body || !active.isConnected;

/**
 * Puts focus back after a dialog closed (called while the closing dialog still holds it), then keeps it
 * there for a few seconds: a button disabled while its request runs drops focus to the body, which is
 * given back to it once it is enabled again. Stops as soon as focus goes anywhere else (another dialog,
 * the user's Tab).
 */
export function returnFocus(target: FocusReturn | null) {
  if (!target) return;
  const active = document.activeElement;
  if (!lost(active) && !active?.closest(DIALOG)) return;
  if (pending === target) pending = null;
  const until = Date.now() + WATCH_MS;
  const asked = dialogsAsked;
  let placed: HTMLElement | null = null;
  const watch = () => {
    if (dialogsAsked !== asked) return;
    const now = document.activeElement;
    if (lost(now) || (placed === null && now?.closest(DIALOG))) {
      placed = focusTarget(target) ?? placed;
      if (placed?.isConnected && !placed.matches(":disabled")) placed.focus();
    } else if (now !== placed) {
      return;
    }
    if (Date.now() < until) window.setTimeout(watch, 100);
  };
  watch();
}

/**
 * For a Mantine Modal rendered in place (not through openDialog): props that give focus back to the
 * control that opened it. Spread them on the Modal.
 */
export function useFocusReturn(opened: boolean) {
  const target = useRef<FocusReturn | null>(null);
  useEffect(() => {
    if (opened) target.current = captureOpener();
    else if (target.current) returnPending(target.current);
  }, [opened]);
  return { returnFocus: false, onExitTransitionEnd: () => returnFocus(target.current) } as const;
}
