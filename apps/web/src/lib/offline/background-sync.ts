import { readAuthToken } from "../auth-token.ts";
import { workerSupported } from "./register-worker.ts";
import { SYNC_TAG, saveSyncCredentials } from "./sync-credentials.ts";

type SyncRegistration = ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } };

const backgroundSyncSupported = (): boolean =>
  workerSupported() &&
  typeof ServiceWorkerRegistration !== "undefined" &&
  "sync" in ServiceWorkerRegistration.prototype;

/**
 * Asks the service worker to send the offline queue once the network is back, even with the app closed
 * (src/sw.ts), and keeps the learner's token beside the queue for it. Without Background Sync, or refused,
 * nothing changes: the page sends the queue on its next load or online event.
 */
export async function requestBackgroundSync(userId: string): Promise<void> {
  if (!backgroundSyncSupported()) return;
  const token = readAuthToken();
  if (!token) return;
  try {
    await saveSyncCredentials({ userId, token });
    const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
    await registration.sync.register(SYNC_TAG);
  } catch {
    // Refused (no permission, a private window): the page's own sync remains.
  }
}
