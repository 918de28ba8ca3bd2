// Shared by the memory and soak benches: the port, a fresh PostgreSQL database, the server's environment.
import pg from "pg";
import { SERVER_ENV } from "../scripts/node-flags.mjs";

const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** `BENCH_PORT` and the app's environment for a backend (production mode, as an operator runs it). */
export function benchApp() {
  const port = Number(process.env.BENCH_PORT ?? 3900);
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    app: {
      base,
      ready: `${base}/api/ready`,
      env: (backend: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> => ({
        ...SERVER_ENV,
        ...backend,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        NODE_ENV: "production",
        BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT: "false",
        ...extra,
      }),
    },
  };
}

/** A new, empty database `<BENCH_DB_NAME>_<suffix>` on the PostgreSQL server; its URL. */
export async function prepareDatabase(suffix: string): Promise<string> {
  const name = `${process.env.BENCH_DB_NAME ?? "neonlab_bench"}_${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
