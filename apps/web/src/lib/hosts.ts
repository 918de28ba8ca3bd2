import { useSyncExternalStore } from "react";

/**
 * The app's hosts of toasts and dialogs load the first time something shows one (app/providers.tsx mounts
 * them): a page that never raises either loads none of their code, and the first paint's work is not
 * followed by theirs. Until a host is there its toasts wait in the notifications store and its dialogs'
 * openers wait for it (components/dialogs/modals-ready.ts).
 */
export type Host = "toasts" | "dialogs";

const wanted = new Set<Host>();
const listeners = new Set<() => void>();

/** Asks for `host` to be mounted (once; later calls do nothing). */
export function wantHost(host: Host): void {
  if (wanted.has(host)) return;
  wanted.add(host);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether something has asked for `host`; false in the build's render. */
export function useHostWanted(host: Host): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted.has(host),
    () => false,
  );
}
