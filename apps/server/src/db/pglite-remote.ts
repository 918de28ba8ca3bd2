import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { messages, type QueryOptions, type Results } from "@electric-sql/pglite";
import type { PgliteClient } from "./pglite-engine.ts";
import type { Reply, Request, WireError } from "./pglite-worker.ts";

type Parsers = NonNullable<QueryOptions["parsers"]>;

/**
 * PGlite on a worker thread (pglite-worker.ts), so the database works on another core while this
 * thread serves requests. Answers like a PGlite client for `drizzle-orm/pglite`: query, exec,
 * interactive transactions (other queries wait, as on one connection) and errors with their fields
 * (code, detail, constraint, …). `parsers` (functions, which cannot cross threads) run here on the
 * text the worker sends for their types.
 */
export function remotePglite(dataDir: string): PgliteClient & { close(): Promise<void> } {
  // On a first start a thread of its own creates the cluster first; the worker waits for it (createCluster).
  const gate = isNewCluster(dataDir) ? createCluster(dataDir) : undefined;
  const worker = new Worker(workerSource(), { eval: true, workerData: { dataDir, gate } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  let ids = 0;
  let transactions = 0;
  let exited: Error | null = null;

  worker.on("message", (reply: Reply) => {
    const call = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) call?.reject(fromWire(reply.error));
    else call?.resolve(reply.result);
  });
  const fail = (error: Error) => {
    exited ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the PGlite worker exited (${code})`)));

  function call<T>(request: Omit<Request, "id">): Promise<T> {
    if (exited) return Promise.reject(exited);
    const id = ++ids;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  async function query<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    const parsers = options?.parsers;
    const ownTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = await call<Results<T>>({ op: "query", tx, text, params, rowMode: options?.rowMode, ownTypes }).catch(
      (error) => {
        if (error instanceof messages.DatabaseError) Object.assign(error, { queryOptions: options });
        throw error;
      },
    );
    if (parsers) applyParsers(result, parsers, options?.rowMode === "array");
    return result;
  }

  function client(tx?: number): PgliteClient {
    return {
      query: (text, params, options) => {
        if (options?.serializers || options?.paramTypes || options?.blob || options?.onNotice) {
          return Promise.reject(new Error("the PGlite worker supports only the rowMode and parsers options"));
        }
        return query(tx, text, params, options);
      },
      exec: (text) => call({ op: "exec", tx, text }),
      transaction: async (callback) => {
        if (tx !== undefined) throw new Error("PGlite has no nested transactions: use a savepoint");
        const id = ++transactions;
        await call({ op: "begin", tx: id });
        let result: Awaited<ReturnType<typeof callback>>;
        try {
          result = await callback(client(id));
        } catch (error) {
          await call({ op: "end", tx: id, commit: false });
          throw error;
        }
        await call({ op: "end", tx: id, commit: true });
        return result;
      },
    };
  }

  return {
    ...client(),
    close: async () => {
      if (!exited) await call({ op: "close" });
      await worker.terminate();
    },
  };
}

export type RemotePglite = ReturnType<typeof remotePglite>;

/** Where a data directory's PGlite cluster lives (the directory is made if it is missing). */
export function pgliteLocation(dataDir: string): string {
  if (dataDir.startsWith("memory://")) return dataDir;
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, "pglite");
}

const prestarted = new Map<string, RemotePglite>();

/**
 * Starts the worker for `location` now, before the app's modules load (server.ts): the worker's own start and
 * the database's opening run on the other core while this thread loads and registers the app, instead of after
 * it (a restart's two halves side by side). `createDatabase` takes it over (`takePrestartedPglite`).
 */
export function prestartPglite(location: string): void {
  if (!prestarted.has(location)) prestarted.set(location, remotePglite(location));
}

export function takePrestartedPglite(location: string): RemotePglite | undefined {
  const client = prestarted.get(location);
  prestarted.delete(location);
  return client;
}

function isNewCluster(dataDir: string) {
  return !dataDir.startsWith("memory://") && !existsSync(join(dataDir, "PG_VERSION"));
}

/**
 * Creates a new cluster (initdb) on a thread that then ends: initdb's WASM instance and the copy of the new
 * data directory held ~450 MB that a long-lived thread kept after the first start (docs/decisions/023).
 * Returns a flag the serving worker waits on (Atomics) before it opens the directory.
 */
function createCluster(dataDir: string): SharedArrayBuffer {
  const gate = new SharedArrayBuffer(4);
  const flag = new Int32Array(gate);
  const creator = new Worker(workerSource(), { eval: true, workerData: { dataDir, createOnly: true } });
  const open = () => {
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  };
  creator.once("message", () => void creator.terminate());
  // Failed or done: the serving worker opens the directory itself (and reports any error from there).
  creator.once("exit", open);
  return gate;
}

/**
 * The worker's entry. Node strips the types of a .ts one itself (Node 24, 22.18+; docs/decisions/023);
 * an older Node registers tsx in the worker first.
 */
function workerSource(): string {
  const entry = new URL(`./pglite-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
  if (!entry.endsWith(".ts") || process.features.typescript) return `import(${JSON.stringify(entry)})`;
  const tsx = new URL("esm/api/index.mjs", pathToFileURL(createRequire(import.meta.url).resolve("tsx"))).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
}

function applyParsers(result: Results<unknown>, parsers: Parsers, arrays: boolean) {
  result.fields.forEach(({ name, dataTypeID }, i) => {
    const parse = parsers[dataTypeID] as ((value: string, type: number) => unknown) | undefined;
    if (!parse) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = arrays ? i : name;
      if (row[key] !== null) row[key] = parse(row[key] as string, dataTypeID);
    }
  });
}

function fromWire({ database, message, ...fields }: WireError): Error {
  const error = database ? new messages.DatabaseError(message, 0, "error") : new Error(message);
  const { stack: _workerStack, ...rest } = fields;
  return Object.assign(error, rest);
}
