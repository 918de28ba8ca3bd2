import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createDatabase, migrationsFolder } from "../db/client.ts";
import { moduleSqlScript } from "../db/module-sql.ts";
import { databaseUrl, waitUntilUnused, withAdmin } from "./postgres-database.ts";

/** What a migrated database is made of: the migrations folder and the module SQL, hashed. */
function schemaVersion() {
  const hash = createHash("sha256");
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).filter((f) =>
    /\.(sql|json)$/.test(f),
  );
  for (const file of files.sort()) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(resolve(migrationsFolder, file)))
      .update("\0");
  }
  return hash.update(moduleSqlScript()).digest("hex").slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * The name of a migrated database on the test server for this schema version, made once (by the first test
 * process that asks, the others wait on an advisory lock) and kept: each test database is a copy of it, which
 * takes a fraction of running the migrations again. It takes no connections, so copying it never fails for
 * a session left on it.
 */
export function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= ensureTemplate(serverUrl);
  return template;
}

async function ensureTemplate(serverUrl: string) {
  const name = `neonlab_template_${schemaVersion()}`;
  await withAdmin(serverUrl, async (admin) => {
    await admin.query("select pg_advisory_lock(hashtext('neonlab:test-template'))");
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount) return;
    // Built under another name and renamed when complete: a run stopped half-way leaves no template behind.
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const database = createDatabase({ url: databaseUrl(serverUrl, building), poolSize: 1 });
    await database.migrate();
    await database.close();
    await waitUntilUnused(admin, building);
    await admin.query(`alter database ${building} rename to ${name}`);
    await admin.query(`alter database ${name} with allow_connections false`);
    // Templates of other schema versions are left from older checkouts: dropped when not in use.
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'neonlab\\_template\\_%' and datname <> $1",
      [name],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
  });
  return name;
}
