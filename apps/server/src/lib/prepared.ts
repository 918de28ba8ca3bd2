import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * A query built and prepared once per database handle instead of on every call: Drizzle then skips
 * rebuilding its SQL, and PostgreSQL parses and plans the named statement once per connection. The
 * handle is the key, so a transaction's handle gets its own (the name is the same, which the driver
 * accepts because the text is too).
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const keyed = preparedPerDbAndKey((db) => build(db));
  return (db) => keyed(db, "");
}

/**
 * `preparedPerDb` for a query whose text also depends on a key (which functions it calls, say): one per
 * handle and key. The key belongs in the statement's name, so that one name never stands for two texts.
 */
export function preparedPerDbAndKey<Query>(build: (db: Db, key: string) => Query): (db: Db, key: string) => Query {
  const cache = new WeakMap<Db, Map<string, Query>>();
  return (db, key) => {
    let byKey = cache.get(db);
    if (!byKey) {
      byKey = new Map();
      cache.set(db, byKey);
    }
    let query = byKey.get(key);
    if (!query) {
      query = build(db, key);
      byKey.set(key, query);
    }
    return query;
  };
}

/** A named placeholder with its SQL type, for the argument lists of prepared function calls (`$1::text`). */
export const typedPlaceholder = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
