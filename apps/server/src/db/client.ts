import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { fastPglite } from "./pglite-engine.ts";
import { remotePglite } from "./pglite-remote.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = resolve(import.meta.dirname, "../../drizzle");

/**
 * PostgreSQL when a URL is given; otherwise embedded PGlite in dataDir (or memory://), in this thread
 * or, with `pgliteWorker` (or NEONLAB_PGLITE_WORKER=1), on a worker thread of its own.
 */
export function createDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  pgliteWorker?: boolean;
}): Database {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        await pool.query("select 1");
        return true;
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const location = dataDir.startsWith("memory://") ? dataDir : join(dataDir, "pglite");
  const inWorker = options.pgliteWorker ?? process.env.NEONLAB_PGLITE_WORKER === "1";
  const owned = inWorker ? remotePglite(location) : fastPglite(new PGlite(location));
  // drizzle-orm/pglite only calls query, exec and transaction (see pglite-engine.ts).
  const client = owned as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await owned.query("select 1");
      return true;
    },
    close: () => ("close" in owned ? owned.close() : owned.pglite.close()),
  };
}
