import pg from "pg";

/**
 * How long the server waits on PostgreSQL before it answers 503 (docs/operating.md, "Database faults");
 * set from DATABASE_*_TIMEOUT_MS (config.ts: 1000, 1500, 10000 ms by default).
 */
export type DatabaseTimeouts = {
  /** A new connection, or a free one from the pool, within this long. */
  connectMs: number;
  /** A statement ends within this long: PostgreSQL cancels it (statement_timeout), e.g. behind a held lock. */
  statementMs: number;
  /** A transaction left idle this long is ended by PostgreSQL (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
};

/** The timeouts a configuration sets (DATABASE_*_TIMEOUT_MS). */
export function databaseTimeouts(config: {
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
}): DatabaseTimeouts {
  return {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * How much longer than statement_timeout the client waits for any answer at all: a frozen server (or
 * network) never sends the cancel, so the client gives up itself.
 */
const READ_GRACE_MS = 300;

/** How often the statements in flight are checked against their deadline. */
const SWEEP_MS = 100;

/** The part of pg's connection the sweep needs: its socket, to end it. */
type Connection = { stream: { destroy(): void } };

/**
 * A client class whose connections end when a statement got no answer within `waitMs`: the socket is
 * destroyed, the statement (and any queued behind it) fails with "Connection terminated", and the pool
 * replaces the connection. pg's own `query_timeout` fails the statement but keeps the connection waiting for
 * the late answer, so the next statement on it would wait behind it. And its timer per statement made V8
 * collect its old generation far more often (a pool of 10 running 60,000 prepared reads: 6 full collections
 * instead of 1; the app under L3 about twice as many; bench/README.md); one sweep every
 * SWEEP_MS over the statements in flight does not.
 */
function deadlineClient(waitMs: number) {
  const due = new Map<object, { connection: Connection; at: number }>();
  let sweeper: NodeJS.Timeout | undefined;
  function sweep() {
    const now = performance.now();
    for (const [statement, { connection, at }] of due) {
      if (now < at) continue;
      due.delete(statement);
      connection.stream.destroy();
    }
    if (due.size > 0) return;
    clearInterval(sweeper);
    sweeper = undefined;
  }
  return class DeadlineClient extends pg.Client {
    // pg's query() has many overloads (a promise, a callback last, a submittable with its own callback or
    // events); this one passes every call through unchanged and notes when each statement settles.
    override query(...args: unknown[]): never {
      const statement = {};
      const connection = (this as unknown as { connection: Connection }).connection;
      due.set(statement, { connection, at: performance.now() + waitMs });
      sweeper ??= setInterval(sweep, SWEEP_MS).unref();
      const settled = () => void due.delete(statement);
      const wrapped = settleThroughCallback(args, settled);
      let result: unknown;
      try {
        result = (super.query as (...a: unknown[]) => unknown)(...args);
      } catch (error) {
        settled();
        throw error;
      }
      if (result instanceof Promise) result.then(settled, settled);
      else if (!wrapped) onceSettled(result, settled);
      return result as never;
    }
  };
}

type Callback = (error: unknown, result: unknown) => void;

/** Calls `settled` before the statement's callback (the last argument, or a submittable's own); whether there was one. */
function settleThroughCallback(args: unknown[], settled: () => void): boolean {
  const wrap =
    (callback: Callback): Callback =>
    (error, result) => {
      settled();
      callback(error, result);
    };
  const last = args.length - 1;
  if (typeof args[last] === "function") {
    args[last] = wrap(args[last] as Callback);
    return true;
  }
  const submittable = args[0] as { submit?: unknown; callback?: unknown } | null;
  if (typeof submittable?.submit === "function" && typeof submittable.callback === "function") {
    submittable.callback = wrap(submittable.callback as Callback);
    return true;
  }
  return false;
}

/** A submittable query without a callback (a cursor, a stream) settles when it ends or fails. */
function onceSettled(query: unknown, settled: () => void) {
  const events = query as { once?(event: string, listener: () => void): unknown } | undefined;
  if (typeof events?.once !== "function") return settled();
  events.once("end", settled);
  events.once("error", settled);
}

/**
 * The app's pool on PostgreSQL, bounded in time everywhere (connect, wait for a free connection,
 * statement, idle transaction) and kept alive through lost connections: a connection that errors
 * (terminated backend, restart, network) is reported to `onError` and replaced, never an uncaught
 * 'error' event that would end the process.
 */
export function createPostgresPool(options: {
  url: string;
  max: number;
  /** None: wait as long as it takes (tools that load data: the CLI, benchmarks' seeding, tests). */
  timeouts?: DatabaseTimeouts;
  onError?: (error: Error) => void;
}): pg.Pool {
  const { timeouts } = options;
  const onError = options.onError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(timeouts && {
      Client: deadlineClient(timeouts.statementMs + READ_GRACE_MS),
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    }),
  });
  // Every connection's error, reported once here: the pool listens only while a connection is idle
  // (then drops it and emits 'error' on itself, below); a checked-out one's statement fails, and the
  // pool drops it when it is released (it is no longer queryable).
  pool.on("connect", (client) => {
    client.on("error", onError);
    client.once("end", () => releaseIfCheckedOut(client));
  });
  pool.on("error", () => {});
  // drizzle-orm's transaction() sends BEGIN before its try/finally: a connection lost on BEGIN was never
  // released, and the pool stayed a connection short for good (and end() waited for it forever). A
  // connection that ends while checked out goes back (and out) at once; its holder's release does nothing.
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  function releaseIfCheckedOut(client: pg.PoolClient) {
    if (!checkedOut.has(client)) return;
    const release = client.release;
    client.release = () => {};
    release(new Error("the connection ended while in use"));
  }
  return pool;
}
