import { Redis } from "ioredis";

/**
 * The Redis every instance shares (REDIS_URL): rate-limit counters, session invalidations and the socket.io
 * adapter. Keys and channels start with `prefix`, so deployments (or test runs) on one Redis stay apart.
 */
export type SharedRedis = {
  /** For commands and PUBLISH; never put into subscriber mode. */
  client: Redis;
  /** A new connection for SUBSCRIBE (a subscribing connection can do nothing else); closed with the rest. */
  subscriber(): Redis;
  prefix: string;
  close(): Promise<void>;
};

export function connectSharedRedis(url: string, prefix: string): SharedRedis {
  // A few retries, then the command fails: a limiter falls back to memory, a publish is logged.
  const client = new Redis(url, { maxRetriesPerRequest: 3 });
  const connections = [client];
  return {
    client,
    prefix,
    subscriber() {
      const connection = client.duplicate();
      connections.push(connection);
      return connection;
    },
    async close() {
      await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
    },
  };
}
