import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { fromPglite } from "pg-boss";
import { applyModuleSql } from "./module-sql.ts";
import { fastPglite } from "./pglite-engine.ts";
import { pgliteOptions } from "./pglite-options.ts";
import { createPostgresPool, type DatabaseTimeouts } from "./postgres-pool.ts";
import { pgliteLocation, remotePglite, takePrestartedPglite } from "./pglite-remote.ts";

/**
 * The app's database handle. Queries name their tables (each module's schema.ts); drizzle's relational `db.query`
 * is not used, so the handle carries no schema and depends on no module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Rows of a raw statement; a parameterless text may hold several statements (their rows, concatenated). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Raw SQL for a library that brings its own statements (pg-boss, see jobs/job-queue.ts). */
  executeSql: ExecuteSql;
  /** The migrations, then the rules modules keep in SQL (module-sql.ts). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** The drizzle migrations, applied in order by `migrate()`. */
export const migrationsFolder = resolve(import.meta.dirname, "../../drizzle");

/**
 * PostgreSQL when a URL is given; otherwise embedded PGlite in dataDir (or memory://), in this thread
 * or, with `pgliteWorker` (or NEONLAB_PGLITE_WORKER=1), on a worker thread of its own.
 */
export function createDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  pgliteWorker?: boolean;
  /** PostgreSQL only: how long to wait before giving up (the server's are configured; none: no limit). */
  timeouts?: DatabaseTimeouts;
  /** PostgreSQL only: a connection failed (terminated, network); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}): Database {
  if (options.url) {
    const url = options.url;
    const pool = createPostgresPool({
      url,
      max: options.poolSize ?? 10,
      timeouts: options.timeouts,
      onError: options.onConnectionError,
    });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: "postgres",
      executeSql: async (text, values) => {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
      },
      migrate: () => migrateWithoutTimeouts(url),
      ping: async () => {
        await pool.query("select 1");
        return true;
      },
      close: () => pool.end(),
    };
  }
  const location = pgliteLocation(options.dataDir ?? "memory://");
  const inWorker = options.pgliteWorker ?? process.env.NEONLAB_PGLITE_WORKER === "1";
  const owned = inWorker
    ? (takePrestartedPglite(location) ?? remotePglite(location))
    : fastPglite(new PGlite(location, pgliteOptions()));
  // drizzle-orm/pglite only calls query, exec and transaction (see pglite-engine.ts).
  const client = owned as unknown as PGlite;
  const db = drizzlePglite(client) as unknown as Db;
  // pg-boss's own PGlite adapter: several statements go through exec, and a failed one is rolled back.
  const raw = fromPglite(owned);
  return {
    db,
    kind: "pglite",
    executeSql: (text, values) => raw.executeSql(text, values),
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await applyModuleSql((script) => raw.executeSql(script));
    },
    ping: async () => {
      await owned.query("select 1");
      return true;
    },
    close: () => ("close" in owned ? owned.close() : owned.pglite.close()),
  };
}

/**
 * Migrations on a connection of their own: a migration may lock or rewrite a big table for longer than a statement
 * may take. Under a session advisory lock, so instances started at once on a new database take turns: the first
 * migrates, the others then find nothing left to do (without it both create drizzle's table and one fails).
 */
async function migrateWithoutTimeouts(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 30_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('neonlab:migrate'))");
    await migratePg(drizzlePg(client), { migrationsFolder });
    await applyModuleSql((script) => client.query(script));
  } finally {
    // Closing the session releases the lock.
    await client.end();
  }
}
