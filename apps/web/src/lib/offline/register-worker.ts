/**
 * The service worker's registration (src/sw.ts, built to /sw.js), started once the app is idle. A new
 * version's worker installs in the background and waits: `activateUpdate` lets it take over and reloads
 * into it, only when the learner accepts the app-update notice (app/app-update-watch.tsx).
 */
export type WorkerControl = {
  /** Asks the server for a newer worker now. */
  checkForUpdate(): void;
  /** Lets a waiting new worker take over and reloads the page into the new version (else just reloads). */
  activateUpdate(): Promise<void>;
};

const WORKER_URL = "/sw.js";

/** Whether this build registers a worker: a production build in a browser that has them. */
export const workerSupported = (): boolean =>
  import.meta.env.PROD && typeof navigator !== "undefined" && "serviceWorker" in navigator;

/** Resolves once `worker` is installed (waiting) or redundant. */
function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.state !== "installing") return resolve();
    worker.addEventListener("statechange", () => {
      if (worker.state !== "installing") resolve();
    });
  });
}

export function registerWorker(onUpdateWaiting: () => void): WorkerControl {
  if (!workerSupported()) {
    return { checkForUpdate: () => undefined, activateUpdate: async () => window.location.reload() };
  }
  const hadController = Boolean(navigator.serviceWorker.controller);
  const registration = navigator.serviceWorker.register(WORKER_URL, { scope: "/" }).then(
    // Some hosts answer a refused registration with nothing rather than a rejection (a browser that blocks workers).
    (reg: ServiceWorkerRegistration | undefined) => {
      if (!reg) return null;
      const watch = (worker: ServiceWorker | null) => {
        // The first install has no earlier version to replace: nothing to announce.
        if (!worker || !navigator.serviceWorker.controller) return;
        void installed(worker).then(() => {
          if (reg.waiting === worker) onUpdateWaiting();
        });
      };
      if (reg.waiting && hadController) onUpdateWaiting();
      watch(reg.installing);
      reg.addEventListener("updatefound", () => watch(reg.installing));
      return reg;
    },
    () => null,
  );

  return {
    checkForUpdate() {
      void registration.then((reg) => reg?.update().catch(() => undefined));
    },
    async activateUpdate() {
      const reg = await registration;
      if (!reg) return window.location.reload();
      if (!reg.waiting) await reg.update().catch(() => undefined);
      if (reg.installing) await installed(reg.installing);
      const waiting = reg.waiting;
      if (!waiting) return window.location.reload();
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
      waiting.postMessage({ type: "SKIP_WAITING" });
    },
  };
}
