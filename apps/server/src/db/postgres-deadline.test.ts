import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.ts";
import { createPostgresPool } from "./postgres-pool.ts";

// The app pool's read deadline (docs/decisions/014): a statement with no answer at all (a frozen server or
// network) ends its connection after statement_timeout + 300 ms, checked by one sweep for all statements
// in flight rather than a timer per statement (bench/README.md).
const url = process.env.TEST_DATABASE_URL;
const timeouts = { connectMs: 1000, statementMs: 300, idleInTransactionMs: 10_000 };

const activeTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

describe.skipIf(!url)("the app pool's read deadline (PostgreSQL)", () => {
  let proxy: TcpProxy;
  let proxied: string;

  beforeAll(async () => {
    const direct = new URL(url!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const through = new URL(direct);
    through.hostname = "127.0.0.1";
    through.port = String(proxy.port);
    proxied = through.toString();
  });
  afterAll(() => proxy?.close());

  it("ends a connection whose statement gets no answer, and the pool carries on with a new one", async () => {
    const pool = createPostgresPool({ url: proxied, max: 2, timeouts });
    try {
      expect((await pool.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
      proxy.set("freeze");
      const started = performance.now();
      await expect(pool.query("select 2")).rejects.toThrow(/Connection terminated/);
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(timeouts.statementMs);
      expect(waited).toBeLessThan(1500);
      proxy.set("pass");
      expect((await pool.query("select 3 as three")).rows).toEqual([{ three: 3 }]);
    } finally {
      proxy.set("pass");
      await pool.end();
    }
  });

  it("forgets a statement pg refused at once: its connection is not ended later", async () => {
    const pool = createPostgresPool({ url: proxied, max: 1, timeouts });
    const client = await pool.connect();
    try {
      expect(() => client.query(null as never)).toThrow(TypeError);
      await new Promise((resolve) => setTimeout(resolve, timeouts.statementMs + 300 + 250));
      expect((await client.query("select 4 as four")).rows).toEqual([{ four: 4 }]);
    } finally {
      client.release();
      await pool.end();
    }
  });

  it("arms no timer per statement in flight", async () => {
    const timersBefore = activeTimers();
    // Deadlines far above the queue's wait: on a loaded machine the 30 queued statements may wait past
    // one second for a connection, which is not what this counts.
    const roomy = { connectMs: 60_000, statementMs: 10_000, idleInTransactionMs: 60_000 };
    const pool = createPostgresPool({ url: proxied, max: 10, timeouts: roomy });
    try {
      await Promise.all(Array.from({ length: 10 }, () => pool.query("select 1")));
      const inFlight = Array.from({ length: 40 }, () => pool.query("select pg_sleep(0.2)"));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Ten statements are on the wire (and no connection idle, so no idle timer): pg's own query_timeout
      // holds a timer for each of them, the sweep one for all.
      expect(activeTimers() - timersBefore).toBeLessThanOrEqual(2);
      await Promise.all(inFlight);
    } finally {
      await pool.end();
    }
  });
});
