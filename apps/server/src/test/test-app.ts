import { afterAll } from "vitest";
import { type App, type BuildOptions, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { createDatabase, type Database } from "../db/client.ts";
import { createPostgresDatabase } from "./postgres-database.ts";
import { migratedTemplate } from "./template-database.ts";

/**
 * A real database for one test file: PGlite in memory, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again after the file).
 */
export async function createTestDatabase(options: { kind?: "pglite" | "postgres"; poolSize?: number } = {}) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const kind = options.kind ?? (serverUrl ? "postgres" : "pglite");
  if (kind === "pglite") {
    const database = createDatabase({ dataDir: "memory://" });
    await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const created = await createPostgresDatabase({ template: await migratedTemplate(serverUrl) });
  const database = createDatabase({ url: created.url, poolSize: options.poolSize ?? 20 });
  return {
    database,
    /** For a second process on the same database (e.g. the admin CLI). */
    url: created.url,
    drop: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: "./data-test",
    AUTH_RATE_LIMIT: "false",
    // Tests start from empty community pages; the demo content's own tests turn it on (demo/demo.test.ts).
    DEMO_CONTENT: "false",
    ...overrides,
  });
}

/** The real app on a real database; closed after the test file. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    kind?: "pglite" | "postgres";
    /** Job polling and retries; by default the worker polls every 0.5 s (pg-boss's minimum). */
    jobs?: BuildOptions["jobs"];
    /** Registers more (test) plugins before the app is ready. */
    register?: (app: App) => Promise<void>;
  } = {},
): Promise<App> {
  const owned = options.database ? null : await createTestDatabase({ kind: options.kind });
  const database = options.database ?? owned!.database;
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    skipMigrations: true,
    jobs: { pollingIntervalSeconds: 0.5, ...options.jobs },
  });
  await options.register?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await owned?.drop();
  });
  return app;
}
