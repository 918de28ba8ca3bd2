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

/**
 * A client that ends its connection when a statement got no answer in time. pg's own query_timeout
 * fails the statement but keeps the connection waiting for the late answer, so the next statement on
 * it (the pool hands it out again) would wait behind it; an ended connection leaves the pool instead.
 */
class DeadlineClient extends pg.Client {
  // pg's query() has many overloads; this one passes every call through unchanged.
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) result.catch((error: unknown) => this.endIfTimedOut(error));
    return result as never;
  }

  private endIfTimedOut(error: unknown) {
    if (error instanceof Error && error.message === "Query read timeout") {
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  }
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
      Client: DeadlineClient,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + READ_GRACE_MS,
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
