import { randomUUID } from "node:crypto";
import pg from "pg";
import { type App, buildApp } from "../app.ts";
import { createDatabase } from "../db/client.ts";
import { databaseTimeouts } from "../db/postgres-pool.ts";
import { startTcpProxy } from "./tcp-proxy.ts";
import { createTestDatabase, testConfig } from "./test-app.ts";

/**
 * The app on its own PostgreSQL database (created, migrated and dropped again), reaching it through
 * a TCP proxy that can drop, refuse or freeze its connections, with the server's default timeouts.
 * Its connections carry their own application_name, so `terminateBackends` ends only theirs.
 */
export async function createFaultApp(env: Record<string, string> = {}) {
  const owned = await createTestDatabase({ kind: "postgres" });
  const direct = new URL(owned.url!);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const applicationName = `neonlab_faults_${randomUUID().slice(0, 8)}`;
  const proxied = new URL(direct);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  proxied.searchParams.set("application_name", applicationName);
  const config = testConfig(env);
  const database = createDatabase({ url: proxied.toString(), poolSize: 10, timeouts: databaseTimeouts(config) });
  const app: App = await buildApp({ config, database, skipMigrations: true, jobs: { pollingIntervalSeconds: 0.5 } });
  await app.ready();
  const admin = new pg.Client({ connectionString: owned.url });
  await admin.connect();

  return {
    app,
    proxy,
    /** A direct connection to the app's database (not through the proxy). */
    admin,
    /** Ends the app's own backends on the server (pg_terminate_backend); how many. */
    async terminateBackends(): Promise<number> {
      const { rows } = await admin.query(
        "select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1) t",
        [applicationName],
      );
      return rows[0]?.n ?? 0;
    },
    async close() {
      proxy.set("pass");
      await app.close();
      await database.close();
      await proxy.close();
      await admin.end();
      await owned.drop();
    },
  };
}

export type FaultApp = Awaited<ReturnType<typeof createFaultApp>>;

/** Polls `check` until it holds; how long that took (ms). Throws after `deadlineMs`. */
export async function timeUntil(check: () => Promise<boolean>, deadlineMs: number, what: string): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < deadlineMs) {
    if (await check().catch(() => false)) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not within ${deadlineMs} ms`);
}

/** How long a call takes, with its result. */
export async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await call();
  return { ms: performance.now() - start, result };
}
