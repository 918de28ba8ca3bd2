import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The product rules that run inside PostgreSQL, one file each, owned by its module. A file *is* the rule:
 * there is no TypeScript copy. Each holds only `CREATE OR REPLACE` statements and is applied, in this order,
 * after the migrations on every start, so the database always runs the rule as the source says (migrations
 * stay history: one that retires a function drops it, and the file that replaces it re-creates it here).
 */
export const MODULE_SQL_FILES = [
  "modules/wallet/ledger/sql/grant-and-spend.sql",
  "modules/progress/sql/starter-freeze.sql",
  "modules/payments/sql/subscription-access.sql",
  "modules/payments/sql/subscription-event.sql",
  "modules/payments/sql/checkout-event.sql",
  "modules/shop/sql/buy-shop-item.sql",
  "modules/progress/sql/rank-histograms.sql",
  "modules/learning/sql/complete-lesson.sql",
] as const;

const SOURCE_ROOT = resolve(import.meta.dirname, "..");

/** Every file of MODULE_SQL_FILES as one script, in order. */
export function moduleSqlScript(): string {
  return MODULE_SQL_FILES.map((file) => readFileSync(resolve(SOURCE_ROOT, file), "utf8")).join("\n;\n");
}

/**
 * Runs the module SQL as one simple-protocol script (one implicit transaction: all or nothing) under an
 * advisory lock, so instances starting at once do not replace a function concurrently.
 */
export async function applyModuleSql(exec: (script: string) => Promise<unknown>): Promise<void> {
  await exec(`SELECT pg_advisory_xact_lock(hashtext('neonlab:module-sql'));\n${moduleSqlScript()};`);
}
