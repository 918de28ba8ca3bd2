import { update } from "idb-keyval";
import type { SyncReport } from "./queue.ts";

/** A run of the service worker's sync, kept for the learner's next page to announce. */
type StoredOutcome = { userId: string; report: SyncReport };

const KEY = "neonlab-sync-outcomes";

export const storeSyncOutcome = (userId: string, report: SyncReport): Promise<void> =>
  update<StoredOutcome[]>(KEY, (list) => [...(list ?? []), { userId, report }]);

/** `userId`'s runs kept by the worker, oldest first, removed as they are read. */
export async function takeSyncOutcomes(userId: string): Promise<SyncReport[]> {
  let mine: StoredOutcome[] = [];
  await update<StoredOutcome[]>(KEY, (list = []) => {
    mine = list.filter((o) => o.userId === userId);
    return list.filter((o) => o.userId !== userId);
  });
  return mine.map((o) => o.report);
}
