import { randomUUID } from "node:crypto";
import pg from "pg";

/**
 * A new database on the PostgreSQL server named by TEST_DATABASE_URL: empty (no migrations, unlike
 * createTestDatabase's) for what must find a database as an operator creates one, or a copy of `template`.
 * Dropped by `drop`.
 */
export async function createPostgresDatabase({ template }: { template?: string } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `neonlab_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await withAdmin(serverUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ""}`),
  );
  return {
    url: databaseUrl(serverUrl, name),
    drop: () =>
      withAdmin(serverUrl, async (admin) => {
        // pool.end() resolves before its clients' sockets close; forcing the drop while they still close kills
        // them mid-goodbye, an uncaught "terminating connection" error in the test run.
        await waitUntilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** `serverUrl` with its database replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to the server's maintenance database. */
export async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Waits (up to 2 s) until no session is connected to database `name`. */
export async function waitUntilUnused(admin: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
    if (rows[0]?.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
