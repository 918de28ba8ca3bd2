import {
  createQueue,
  indexedDbStore,
  type OfflineQueue,
  type QueuedAction,
  type SendOutcome,
  type SyncReport,
} from "./queue.ts";
import { sendQueued } from "./send-queued.ts";
import { readSyncCredentials, SYNC_MESSAGE, type SyncCredentials } from "./sync-credentials.ts";
import { storeSyncOutcome } from "./sync-outcomes.ts";

/** What the worker's run needs: the browser's and IndexedDB's parts are passed in (src/sw.ts; Maps in tests). */
export type WorkerSyncParts = {
  /** The app's open windows. */
  windows(): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>;
  credentials(): Promise<SyncCredentials | undefined>;
  queue: Pick<OfflineQueue, "sync">;
  send(action: QueuedAction, token: string): Promise<SendOutcome>;
  storeOutcome(userId: string, report: SyncReport): Promise<void>;
};

/**
 * The Background Sync of the offline queue. An open page is asked to send it (its sync announces the outcomes
 * as they come); with none, the worker sends it and keeps the outcomes for the next page to announce. Rejects
 * while actions remain, so the browser tries again later.
 */
export async function syncQueueInWorker(parts: WorkerSyncParts): Promise<void> {
  const windows = await parts.windows();
  if (windows.length > 0) {
    for (const client of windows) client.postMessage({ type: SYNC_MESSAGE });
    return;
  }
  const credentials = await parts.credentials();
  if (!credentials) return;
  const report = await parts.queue.sync(credentials.userId, (action) => parts.send(action, credentials.token));
  if (report.done.length > 0 || report.refused.length > 0) await parts.storeOutcome(credentials.userId, report);
  if (report.remaining > 0) throw new Error(`Offline actions still wait to be sent: ${report.remaining}.`);
}

/** The worker's parts as the app has them: IndexedDB's queue, token and outcomes, and the network. */
export const workerSyncParts = (windows: WorkerSyncParts["windows"]): WorkerSyncParts => ({
  windows,
  credentials: readSyncCredentials,
  queue: createQueue(indexedDbStore),
  send: sendQueued,
  storeOutcome: storeSyncOutcome,
});
