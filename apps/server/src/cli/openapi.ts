import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createDatabase } from "../db/client.ts";

/**
 * Writes the OpenAPI document the app serves at /api/docs/json to a file (or stdout), without listening:
 * the whole app is built on an in-memory PGlite. `npm run lint:openapi` runs Redocly on it.
 * Usage: node --import tsx apps/server/src/cli/openapi.ts [out.json]
 * `servers` comes from PUBLIC_URL; without one it is https://neonlab.example (Redocly warns on a local URL).
 */
async function main() {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "https://neonlab.example",
    ...process.env,
    DATA_DIR: "./data-test",
  });
  const database = createDatabase({ dataDir: "memory://" });
  await database.migrate();
  const app = await buildApp({ config, database, skipMigrations: true });
  await app.ready();
  const document = JSON.stringify(app.swagger(), null, 2);
  await app.close();
  await database.close();
  const out = process.argv[2];
  if (!out) return void process.stdout.write(`${document}\n`);
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), out);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${document}\n`);
}

await main();
