import { wantHost } from "../../lib/hosts.ts";

// The modals provider is loaded when the first dialog opens (keeps Modal out of the pages); openers wait for it.
let resolveReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** Called by the mounted modals host. */
export function signalModalsReady() {
  resolveReady();
}

/** Resolves once the modals host is mounted; rejects after `timeoutMs` so the opener can report failure. */
export function whenModalsReady(timeoutMs = 8000): Promise<void> {
  wantHost("dialogs");
  return Promise.race([
    ready,
    new Promise<void>((_, reject) => setTimeout(() => reject(new Error("The dialog host did not load")), timeoutMs)),
  ]);
}
