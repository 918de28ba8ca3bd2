import { del, get, update } from "idb-keyval";

/** The one-off Background Sync that sends the offline queue from the service worker (src/sw.ts). */
export const SYNC_TAG = "neonlab-offline-queue";

/** The worker's message asking an open page to send the queue itself, so its outcomes are shown there. */
export const SYNC_MESSAGE = "neonlab-sync-queue";

/** Whose actions the worker sends, and with what: the session token is in a cookie, which a worker cannot read. */
export type SyncCredentials = { userId: string; token: string };

const KEY = "neonlab-sync-credentials";

export const readSyncCredentials = (): Promise<SyncCredentials | undefined> => get<SyncCredentials>(KEY);

export const saveSyncCredentials = (credentials: SyncCredentials): Promise<void> =>
  update<SyncCredentials>(KEY, () => credentials);

/** Drops the worker's copy of the token (a sign-out, another account). */
export const forgetSyncCredentials = (): Promise<void> => del(KEY);
