import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/** Rows of one raw statement. */
export type RawQuery = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * Runs `work` with raw statements inside one read-only, repeatable-read transaction: a consistent snapshot of the
 * whole database, read on one connection (cursors included). For tools that copy a database (`npm run db -- move`).
 */
export function inReadSnapshot<T>(database: Database, work: (query: RawQuery) => Promise<T>): Promise<T> {
  return database.db.transaction(
    (tx) =>
      work(async (text) => ((await tx.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
