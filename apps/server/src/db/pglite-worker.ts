// The worker side of pglite-remote.ts: one PGlite on its own thread, driven by messages.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { fastPglite, type PgliteClient } from "./pglite-engine.ts";
import { pgliteOptions } from "./pglite-options.ts";

export type Request = {
  id: number;
  op: "query" | "exec" | "begin" | "end" | "close";
  /** The transaction a query belongs to, or the one begun or ended. */
  tx?: number;
  text?: string;
  params?: unknown[];
  rowMode?: "array" | "object";
  /** Types the caller parses itself (its `parsers` are functions and stay on its thread): sent as text. */
  ownTypes?: number[];
  commit?: boolean;
};
export type Reply = { id: number; result?: unknown; error?: WireError };
/** An error's own fields (code, detail, constraint, …), its message and whether it was a DatabaseError. */
export type WireError = Record<string, unknown> & { message: string; database: boolean };

const port = parentPort!;
// A first start: wait until the thread creating the cluster has finished (pglite-remote.ts, createCluster).
if (workerData.gate) Atomics.wait(new Int32Array(workerData.gate as SharedArrayBuffer), 0, 0);
const pg = new PGlite(workerData.dataDir as string, pgliteOptions());
if (workerData.createOnly) {
  // A first start: create the cluster (initdb) and leave, so the thread's memory for it goes with the thread.
  await pg.waitReady;
  await pg.close();
  port.postMessage({ id: 0 } satisfies Reply);
}
const client = fastPglite(pg);
const transactions = new Map<number, { client: PgliteClient; end: (commit: boolean) => void; done: Promise<void> }>();
const rolledBack = new Error("rolled back");
const asText = (value: string) => value;
const textParsers = new Map<string, QueryOptions["parsers"]>();

function options(request: Request): QueryOptions {
  const types = request.ownTypes ?? [];
  const key = types.join(",");
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, asText]));
    textParsers.set(key, parsers);
  }
  return { rowMode: request.rowMode, parsers };
}

function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), database: false };
  const { queryOptions: _functions, ...fields } = error as Error & { queryOptions?: unknown };
  return { ...fields, name: error.name, message: error.message, database: "severity" in error };
}

function target(request: Request): PgliteClient {
  if (request.tx === undefined) return client;
  const transaction = transactions.get(request.tx);
  if (!transaction) throw new Error("Transaction is closed");
  return transaction.client;
}

function begin(request: Request) {
  const tx = request.tx!;
  let begun = false;
  let end!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (end = resolve));
  const done = client.transaction(async (scoped) => {
    transactions.set(tx, { client: scoped, end, done });
    begun = true;
    port.postMessage({ id: request.id } satisfies Reply);
    if (!(await ended)) throw rolledBack;
  });
  done.catch((error) => {
    if (!begun) port.postMessage({ id: request.id, error: toWire(error) } satisfies Reply);
  });
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case "query":
      return target(request).query(request.text!, request.params, options(request));
    case "exec":
      return target(request).exec(request.text!);
    case "end": {
      const transaction = transactions.get(request.tx!);
      if (!transaction) throw new Error("Transaction is closed");
      transactions.delete(request.tx!);
      transaction.end(request.commit === true);
      await transaction.done.catch((error) => {
        if (error !== rolledBack) throw error;
      });
      return undefined;
    }
    case "close":
      await pg.close();
      return undefined;
    default:
      throw new Error(`unknown request ${request.op}`);
  }
}

port.on("message", (request: Request) => {
  if (request.op === "begin") return begin(request);
  handle(request).then(
    (result) => port.postMessage({ id: request.id, result } satisfies Reply),
    (error) => port.postMessage({ id: request.id, error: toWire(error) } satisfies Reply),
  );
});
