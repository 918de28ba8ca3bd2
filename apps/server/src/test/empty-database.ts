import { randomUUID } from "node:crypto";
import pg from "pg";

/**
 * A new database on the PostgreSQL server named by TEST_DATABASE_URL, created empty (no migrations, unlike
 * createTestDatabase's): for what must find a database as an operator creates one. Dropped by `drop`.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `neonlab_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // As createTestDatabase's drop: let closed pools' sockets finish closing before forcing the drop.
      for (let i = 0; i < 100; i++) {
        const { rows } = await cleanup.query("select count(*)::int as n from pg_stat_activity where datname = $1", [
          name,
        ]);
        if (rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
