import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-app.ts";
import { MODULE_SQL_FILES } from "./module-sql.ts";

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

const functionsOf = (file: string) =>
  [...readFileSync(resolve(import.meta.dirname, "..", file), "utf8").matchAll(/FUNCTION "(\w+)"/g)].map((m) => m[1]!);

describe("the rules modules keep in SQL", () => {
  it("are functions that each file creates or replaces, and nothing else", () => {
    for (const file of MODULE_SQL_FILES) {
      // What runs when the file is applied: without comments and without the functions' bodies ($$ … $$).
      const applied = readFileSync(resolve(import.meta.dirname, "..", file), "utf8")
        .replace(/--.*$/gm, "")
        .replace(/(\$\w*\$)[\s\S]*?\1/g, "");
      const statements = applied.match(/\bCREATE\s+(OR\s+REPLACE\s+)?\w+/gi) ?? [];
      expect(statements.length, file).toBeGreaterThan(0);
      for (const statement of statements) expect(statement.toUpperCase(), file).toMatch(/^CREATE\s+OR\s+REPLACE/);
      expect(applied, file).not.toMatch(/\b(DROP|ALTER|INSERT|UPDATE|DELETE|SELECT|GRANT|TRUNCATE)\s/i);
    }
  });

  it("are put back as the source says on the next start, and a start applies them again without harm", async () => {
    const { executeSql } = test.database;
    const names = MODULE_SQL_FILES.flatMap(functionsOf);
    expect(names.length).toBeGreaterThan(0);
    const definitions = async () =>
      (
        await executeSql(
          `SELECT proname, pg_get_functiondef(oid) AS definition FROM pg_proc
          WHERE pronamespace = 'public'::regnamespace AND proname = ANY($1) ORDER BY proname`,
          [names],
        )
      ).rows as { proname: string; definition: string }[];
    const fresh = await definitions();
    expect(fresh.map((r) => r.proname)).toEqual([...names].sort());
    // A function a migration's object is built on (a trigger) can not be dropped without that object: its body
    // goes stale instead. The others are dropped, without CASCADE, so nothing else silently goes with them.
    const { rows: used } = await executeSql(
      `SELECT DISTINCT p.proname FROM pg_proc p JOIN pg_depend d ON d.refclassid = 'pg_proc'::regclass
        AND d.refobjid = p.oid AND d.deptype = 'n'
      WHERE p.pronamespace = 'public'::regnamespace AND p.proname = ANY($1)`,
      [names],
    );
    const built = new Set(used.map((r) => r.proname as string));
    expect(built.size).toBeGreaterThan(0);
    for (const { proname, definition } of fresh) {
      if (!built.has(proname)) {
        await executeSql(`DROP FUNCTION "${proname}"`);
        continue;
      }
      const header = definition.slice(0, definition.indexOf("\n LANGUAGE "));
      await executeSql(`${header} LANGUAGE plpgsql AS $stale$ BEGIN RAISE EXCEPTION 'stale'; END $stale$`);
    }
    expect((await definitions()).filter((r) => fresh.some((f) => f.definition === r.definition))).toEqual([]);
    await test.database.migrate();
    await test.database.migrate();
    expect(await definitions()).toEqual(fresh);
  });
});

const MAX_ARGUMENTS = 6;

describe("the functions in the database", () => {
  it(`take at most ${MAX_ARGUMENTS} arguments (a wider input goes into a jsonb argument)`, async () => {
    const { rows } = await test.database.executeSql(
      `SELECT p.proname, p.pronargs FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.pronargs > $1
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
          WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
      [MAX_ARGUMENTS],
    );
    expect(rows.map((r) => `${r.proname} (${r.pronargs} arguments)`)).toEqual([]);
  });
});
