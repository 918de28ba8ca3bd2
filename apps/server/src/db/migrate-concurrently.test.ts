import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { createPostgresDatabase as emptyDatabase } from "../test/postgres-database.ts";
import { testConfig } from "../test/test-app.ts";
import { createDatabase, type Database } from "./client.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const journal = resolve(import.meta.dirname, "../../drizzle/meta/_journal.json");

describe.skipIf(!serverUrl)("migrations of several instances on one PostgreSQL database", () => {
  const apps: App[] = [];
  const databases: Database[] = [];
  const drops: (() => Promise<void>)[] = [];
  const open = (url: string) => {
    const database = createDatabase({ url });
    databases.push(database);
    return database;
  };
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    for (const drop of drops) await drop();
  });

  it("two instances started at the same moment on an empty database both come up, migrated once", async () => {
    const target = await emptyDatabase();
    drops.push(target.drop);
    const start = () => buildApp({ config: testConfig(), database: open(target.url) });
    const started = await Promise.allSettled([start(), start()]);
    for (const result of started) if (result.status === "fulfilled") apps.push(result.value);
    expect(started.map((result) => (result.status === "rejected" ? String(result.reason) : "up"))).toEqual([
      "up",
      "up",
    ]);
    for (const app of apps) {
      const ready = await app.inject("/api/ready");
      expect(ready.statusCode, ready.body).toBe(200);
    }
    const migrations = (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
    const check = new pg.Client({ connectionString: target.url });
    await check.connect();
    const { rows } = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    await check.end();
    expect(rows[0].n).toBe(migrations);
  });

  it("Database.migrate() of two instances at once on an empty database succeeds for both", async () => {
    const target = await emptyDatabase();
    drops.push(target.drop);
    const results = await Promise.allSettled([open(target.url).migrate(), open(target.url).migrate()]);
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual([
      "ok",
      "ok",
    ]);
  });
});
