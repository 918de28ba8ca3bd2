import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * A query built and prepared once per database handle instead of on every call: Drizzle then skips
 * rebuilding its SQL, and PostgreSQL parses and plans the named statement once per connection. The
 * handle is the key, so a transaction's handle gets its own (the name is the same, which the driver
 * accepts because the text is too).
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const cache = new WeakMap<Db, Query>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}

/** A named placeholder with its SQL type, for the argument lists of prepared function calls (`$1::text`). */
export const typedPlaceholder = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
