import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * What the bundled content was last imported from, kept in the database it was imported into (a comment on
 * `course_categories`: written in the import's transaction, gone with the database, no table of its own),
 * so a restart with unchanged files skips the import (docs/decisions/023). The stamp covers the content
 * files, this folder's code (how they are imported) and the migrations (the tables they go into).
 */
export function contentStamp(contentDir: string): string {
  const hash = createHash("sha256");
  const add = (base: string, file: string) => {
    hash.update(relative(base, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  };
  for (const file of walk(contentDir)) add(contentDir, file);
  const code = import.meta.dirname;
  for (const file of walk(code)) if (!file.includes(".test.")) add(code, file);
  const journal = resolve(import.meta.dirname, "../../drizzle/meta/_journal.json");
  if (existsSync(journal)) add(dirnameOf(journal), journal);
  return hash.digest("hex");
}

const dirnameOf = (file: string) => resolve(file, "..");

function* walk(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

const PREFIX = "neonlab content ";

/** The stamp of the last import into this database, or null. */
export async function importedStamp(db: Db): Promise<string | null> {
  const result = await db.execute(sql`select obj_description('course_categories'::regclass, 'pg_class') as note`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { note: string | null }[];
  const note = rows[0]?.note ?? null;
  return note?.startsWith(PREFIX) ? note.slice(PREFIX.length) : null;
}

/**
 * Records the stamp inside the import's transaction (so it never outlives a rolled-back import); an import
 * without one (the content CLI, tests) clears it, so the next start imports the bundled files again.
 */
export async function recordStamp(tx: Db, stamp: string | null) {
  if (stamp !== null && !/^[0-9a-f]{64}$/.test(stamp)) throw new Error("a content stamp is a sha-256 in hex");
  await tx.execute(sql.raw(`comment on table course_categories is ${stamp ? `'${PREFIX}${stamp}'` : "null"}`));
}
