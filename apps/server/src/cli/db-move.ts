import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { createDatabase, type Database } from "../db/client.ts";
import { inReadSnapshot } from "../db/read-snapshot.ts";
import { createJobQueue } from "../jobs/job-queue.ts";
import {
  copyOrder,
  foreignKeys,
  ident,
  listTables,
  partitions,
  type Query,
  readable,
  sequences,
  type Table,
  tablesWithRows,
  userTriggers,
} from "./db-catalog.ts";
import { booksDifference, countUsers, type UnbalancedBook, unbalancedBooks } from "./db-verify.ts";

// `npm run db -- move --to postgres://…`: the embedded database (PGlite in DATA_DIR/pglite) copied into an empty
// PostgreSQL database. Both are first brought to this version's schema (migrations, pg-boss's tables); then, in
// one transaction on the target, every table is filled in foreign-key order from a cursor on the source, the
// sequences are set where the source's stand, and the copy is checked (row counts, every user's books) before it
// commits. A failure rolls the copy back.

/** A reason not to move, said to the operator as it is (no stack); `exitCode` 2 for a target that holds data. */
export class MoveRefused extends Error {
  readonly exitCode: 1 | 2;
  constructor(message: string, exitCode: 1 | 2 = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export type MoveOptions = {
  /** DATA_DIR: the embedded database is DATA_DIR/pglite. */
  dataDir: string;
  /** The target PostgreSQL database's URL. */
  to: string;
  /** Rows read and written per statement. */
  batchSize?: number;
  /** Progress, one line at a time. */
  progress?: (line: string) => void;
};

export type MoveReport = {
  tables: { table: string; source: number; target: number }[];
  sequences: number;
  users: number;
  /** Books that did not balance in the embedded database already (copied as they were). */
  unbalancedBefore: UnbalancedBook[];
};

/** The URL without its password, for messages. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}

export const rowsText = (n: number) => `${n} row${n === 1 ? "" : "s"}`;

const NOT_EMPTY = (url: string, tables: { table: string; rows: number }[]) =>
  `The target database ${safeUrl(url)} is not empty: ${tables
    .slice(0, 8)
    .map((t) => `${readable(t.table)} (${rowsText(t.rows)})`)
    .join(", ")}${tables.length > 8 ? `, and ${tables.length - 8} more tables` : ""}. ` +
  "The move copies into an empty database only, so nothing was changed. Create a new database " +
  "(createdb, or CREATE DATABASE) and give its URL, or drop and create this one again if it holds nothing you need " +
  "(a move that failed half-way leaves the app's empty tables and the rows its migrations add).";

async function openTarget(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 30_000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new MoveRefused(`Could not connect to ${safeUrl(url)}: ${(error as Error).message}`);
  }
  return client;
}

/** pg-boss's tables and this version's queues, as the app's start installs them (jobs/job-queue.ts). */
async function installJobTables(database: Database) {
  const queue = createJobQueue({ database, log: { warn: () => undefined, error: () => undefined } });
  await queue.start();
  await queue.stop();
}

/** Copies the embedded database in `dataDir` into the empty PostgreSQL database at `to`. */
export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const progress = options.progress ?? (() => undefined);
  const location = join(options.dataDir, "pglite");
  if (!existsSync(join(location, "PG_VERSION"))) {
    throw new MoveRefused(`No embedded database in ${location}: nothing to move (is DATA_DIR right?).`);
  }
  const check = await openTarget(options.to);
  try {
    const holding = await tablesWithRows((text) => check.query(text).then((r) => r.rows));
    if (holding.length > 0) throw new MoveRefused(NOT_EMPTY(options.to, holding), 2);
  } finally {
    await check.end();
  }

  progress(`Opening the embedded database in ${location} and bringing it to this version's schema…`);
  const source = createDatabase({ dataDir: options.dataDir, pgliteWorker: false });
  try {
    await source.migrate();
    await installJobTables(source);
    progress(`Creating the schema in ${safeUrl(options.to)} (migrations, job queue tables)…`);
    const target = createDatabase({ url: options.to, poolSize: 1 });
    try {
      await target.migrate();
      await installJobTables(target);
    } finally {
      await target.close();
    }
    const client = await openTarget(options.to);
    try {
      return await copyAll(source, client, options.batchSize ?? 500, progress);
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
}

/** Text in and out: every type reads back exactly from its text form, whatever a driver would make of it. */
const TEXT_SETTINGS = ["set local datestyle = 'ISO, MDY'", "set local intervalstyle = 'postgres'"];

async function copyAll(
  source: Database,
  client: pg.Client,
  batchSize: number,
  progress: (line: string) => void,
): Promise<MoveReport> {
  const write: Query = (text, values) => client.query(text, values).then((r) => r.rows);
  const readCatalog: Query = (text) => source.executeSql(text).then((r) => r.rows);
  const tables = await listTables(write);
  await sameSchema(await listTables(readCatalog), tables);
  const { order, deferred } = copyOrder(
    tables.map((t) => t.key),
    await foreignKeys(write),
  );
  const byKey = new Map(tables.map((t) => [t.key, t]));
  const triggers = await userTriggers(write);
  const targetPartitions = new Set((await partitions(write)).map((p) => p.key));
  const sourcePartitions = await partitions(readCatalog);
  const sourceSequences = await sequences(readCatalog);
  const targetSequences = new Set((await sequences(write)).map((s) => s.key));
  const missingSequence = sourceSequences.find((s) => !targetSequences.has(s.key));
  if (missingSequence) throw new Error(`The target has no sequence ${missingSequence.key}: the schemas differ.`);

  return inReadSnapshot(source, async (read) => {
    for (const setting of TEXT_SETTINGS) await read(setting);
    await write("begin");
    try {
      // No limit on a long copy, but a clear error rather than a wait when something else holds a table.
      for (const setting of [...TEXT_SETTINGS, "set local statement_timeout = 0", "set local lock_timeout = '10s'"]) {
        await write(setting);
      }
      // Partitions the source has and the target not yet (pg-boss's statistics keep one a day).
      for (const p of sourcePartitions) {
        if (!targetPartitions.has(p.key)) await write(`create table ${p.key} partition of ${p.parent} ${p.bound}`);
      }
      for (const key of deferred.filter((k) => !k.deferrable)) {
        await write(`alter table ${key.holder} alter constraint ${ident(key.name)} deferrable initially deferred`);
      }
      await write("set constraints all deferred");
      // The rows of derived tables (rank histograms, vote totals) are copied as they are: their triggers must not
      // count the copied rows a second time.
      for (const t of triggers) await write(`alter table ${t.table} disable trigger ${ident(t.name)}`);
      // What the target's migrations and pg-boss's install wrote (seeded categories and shop items, queues).
      await write(`truncate table ${order.join(", ")}`);

      const counted: MoveReport["tables"] = [];
      for (const key of order) {
        const table = byKey.get(key)!;
        const [before] = await read(`select count(*)::int as n from ${key}`);
        const copied = await copyTable(read, write, table, batchSize);
        const [after] = await write(`select count(*)::int as n from ${key}`);
        counted.push({ table: key, source: Number(before?.n), target: Number(after?.n) });
        if (copied > 0) progress(`  ${readable(key)}: ${rowsText(copied)}`);
      }
      for (const s of sourceSequences) {
        await write("select setval($1::regclass, $2::bigint, $3)", [s.key, s.lastValue ?? s.startValue, !!s.lastValue]);
      }
      await write("set constraints all immediate");
      for (const key of deferred.filter((k) => !k.deferrable)) {
        await write(`alter table ${key.holder} alter constraint ${ident(key.name)} not deferrable`);
      }
      for (const t of triggers) {
        const how = t.enabled === "A" ? "always " : t.enabled === "R" ? "replica " : "";
        await write(`alter table ${t.table} enable ${how}trigger ${ident(t.name)}`);
      }

      const report = await verify(read, write, counted);
      await write("commit");
      return { ...report, sequences: sourceSequences.length };
    } catch (error) {
      await write("rollback").catch(() => undefined);
      throw error;
    }
  });
}

/** The same tables with the same columns on both sides (both were just migrated by this version). */
async function sameSchema(source: Table[], target: Table[]) {
  const shape = (tables: Table[]) =>
    new Map(tables.map((t) => [t.key, t.columns.map((c) => `${c.name} ${c.type}`).join(", ")]));
  const from = shape(source);
  const to = shape(target);
  const differ = [...new Set([...from.keys(), ...to.keys()])].filter((key) => from.get(key) !== to.get(key));
  if (differ.length > 0) {
    throw new Error(`The embedded database and the target differ in ${differ.join(", ")} after their migrations.`);
  }
}

/** Copies one table through a cursor on the source, `batchSize` rows per INSERT; the number of rows copied. */
async function copyTable(read: Query, write: Query, table: Table, batchSize: number): Promise<number> {
  const columns = table.columns;
  const select = columns.map((c, i) => `${ident(c.name)}::text as c${i}`).join(", ");
  const insert =
    `insert into ${table.key} (${columns.map((c) => ident(c.name)).join(", ")}) ` +
    (table.identityAlways ? "overriding system value " : "") +
    `select ${columns.map((c, i) => `cast(u.c${i} as ${c.type})`).join(", ")} ` +
    `from unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(", ")}) as u(${columns.map((_, i) => `c${i}`).join(", ")})`;
  await read(`declare neonlab_move no scroll cursor for select ${select} from ${table.key}`);
  let copied = 0;
  for (;;) {
    const rows = await read(`fetch forward ${batchSize} from neonlab_move`);
    if (rows.length === 0) break;
    await write(
      insert,
      columns.map((_, i) => rows.map((row) => (row[`c${i}`] ?? null) as string | null)),
    );
    copied += rows.length;
  }
  await read("close neonlab_move");
  return copied;
}

/** Row counts equal table by table, and every user's books as they were; throws (the copy rolls back) otherwise. */
async function verify(read: Query, write: Query, counted: MoveReport["tables"]) {
  const differ = counted.filter((t) => t.source !== t.target);
  if (differ.length > 0) {
    throw new Error(
      `Row counts differ after the copy: ${differ.map((t) => `${readable(t.table)} ${t.source} → ${t.target}`).join(", ")}.`,
    );
  }
  const before = await unbalancedBooks(read);
  const after = await unbalancedBooks(write);
  const changed = booksDifference(before, after);
  if (changed.length > 0) throw new Error(`Books differ after the copy (user kind balance/ledger sum): ${changed}`);
  return { tables: counted, users: await countUsers(write), unbalancedBefore: before };
}
