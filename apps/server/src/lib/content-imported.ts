import type { Db } from "../db/client.ts";

type Listener = (db: Db) => void;
const listeners = new Set<Listener>();

/**
 * Runs `listener` after each content import into `db` in this process commits (caches of lesson content).
 * Here, not in content/: the importer and the modules whose caches it drops both depend on it, not on each other.
 */
export function onContentImported(listener: Listener) {
  listeners.add(listener);
}

export function contentImported(db: Db) {
  for (const listener of listeners) listener(db);
}
