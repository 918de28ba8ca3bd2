import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

/**
 * The Redis every instance shares (REDIS_URL): rate-limit counters, session invalidations and the socket.io
 * adapter. Keys and channels start with `prefix`, so deployments (or test runs) on one Redis stay apart.
 */
export type SharedRedis = {
  /** For commands and PUBLISH; never put into subscriber mode. */
  client: Redis;
  /**
   * A new connection whose commands wait for Redis (queued while it is away) instead of failing: for SUBSCRIBE (a
   * subscribing connection can do nothing else) and for code that does not handle a failed command (the socket.io
   * adapter: a rejected PUBLISH there would be an unhandled rejection). Closed with the rest.
   */
  waitingConnection(): Redis;
  prefix: string;
  close(): Promise<void>;
};

/** Logs a connection's first error after each time it was ready (ioredis retries on its own, erring each time). */
function reportErrors(connection: Redis, log: Pick<FastifyBaseLogger, "warn" | "info">) {
  let reported = false;
  connection.on("error", (error: Error) => {
    if (reported) return;
    reported = true;
    log.warn({ err: error }, "Redis does not answer; retrying (limits count in memory meanwhile)");
  });
  connection.on("ready", () => {
    if (reported) log.info("Redis answers again");
    reported = false;
  });
}

/** Imports ioredis only when REDIS_URL is set (it is not loaded with the server otherwise). */
export async function connectSharedRedis(
  url: string,
  prefix: string,
  log: Pick<FastifyBaseLogger, "warn" | "info">,
): Promise<SharedRedis> {
  const { Redis } = await import("ioredis");
  // A few retries, then the command fails: a limiter falls back to memory, a publish is logged.
  const client = new Redis(url, { maxRetriesPerRequest: 3 });
  reportErrors(client, log);
  const connections = [client];
  return {
    client,
    prefix,
    waitingConnection() {
      const connection = client.duplicate({ maxRetriesPerRequest: null });
      reportErrors(connection, log);
      connections.push(connection);
      return connection;
    },
    async close() {
      // QUIT when connected (pending replies arrive first); a connection still retrying is just dropped.
      await Promise.all(
        connections.map((connection) =>
          connection.status === "ready"
            ? connection.quit().catch(() => connection.disconnect())
            : connection.disconnect(),
        ),
      );
    },
  };
}

// Deletes the lock only while it is still ours (a holder past its lease must not free the next one's).
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/**
 * Runs `task` while holding `key` among every instance (SET NX with a lease; the others poll every 10 ms). A lock
 * whose holder died frees itself after `leaseMs`. If Redis does not answer, the task runs unlocked: the lock
 * narrows races, it is not what keeps the app up.
 */
export async function withSharedLock<T>(
  redis: SharedRedis,
  key: string,
  task: () => Promise<T>,
  { leaseMs = 10_000, waitMs = 15_000 } = {},
): Promise<T> {
  const name = `${redis.prefix}lock:${key}`;
  const owner = randomUUID();
  let held = false;
  try {
    for (const until = Date.now() + waitMs; !held && Date.now() < until; ) {
      held = (await redis.client.set(name, owner, "PX", leaseMs, "NX")) === "OK";
      if (!held) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } catch {
    held = false;
  }
  try {
    return await task();
  } finally {
    if (held) await redis.client.eval(RELEASE, 1, name, owner).catch(() => undefined);
  }
}
