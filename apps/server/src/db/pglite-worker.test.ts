import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "./client.ts";
import { fastPglite } from "./pglite-engine.ts";
import { users } from "./schema.ts";

const user = (id: string) => ({ id, name: `User ${id}`, email: `${id}@example.test` });

async function failure(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const { cause } = error as { cause?: unknown };
  // Drizzle wraps the driver's error; the app reads `code` on the error or on its cause.
  return (cause ?? error) as Record<string, unknown>;
}

describe("PGlite on a worker thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = createDatabase({ dataDir: "memory://", pgliteWorker: true });
    await database.migrate();
  });
  afterAll(() => database.close());

  it("migrates, answers queries and pings", async () => {
    expect(database.kind).toBe("pglite");
    expect(await database.ping()).toBe(true);
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBeGreaterThan(0);
    // Migrating again finds every migration applied.
    await database.migrate();
  });

  it("runs parameterized queries, with Drizzle's parsing of timestamps and booleans", async () => {
    const { db } = database;
    await db.insert(users).values(user("param-1"));
    const [row] = await db.select().from(users).where(eq(users.email, "param-1@example.test"));
    expect(row).toMatchObject({ id: "param-1", emailVerified: false, image: null });
    expect(row!.createdAt).toBeInstanceOf(Date);
    const raw = (await db.execute(sql`select ${41}::int + 1 as answer, ${"a"} || 'b' as text`)) as {
      rows: unknown[];
    };
    expect(raw.rows).toEqual([{ answer: 42, text: "ab" }]);
  });

  it("commits an interactive transaction", async () => {
    const { db } = database;
    const count = await db.transaction(async (tx) => {
      await tx.insert(users).values(user("tx-commit"));
      const inside = await tx.select().from(users).where(eq(users.id, "tx-commit"));
      return inside.length;
    });
    expect(count).toBe(1);
    expect(await db.select().from(users).where(eq(users.id, "tx-commit"))).toHaveLength(1);
  });

  it("rolls a transaction back on an error, which keeps its code, constraint and detail", async () => {
    const { db } = database;
    await db.insert(users).values(user("taken"));
    const cause = await failure(
      db.transaction(async (tx) => {
        await tx.insert(users).values(user("tx-rollback"));
        await tx.insert(users).values({ ...user("tx-rollback-2"), email: "taken@example.test" });
      }),
    );
    expect(cause).toMatchObject({ code: "23505", constraint: "users_email_unique", severity: "ERROR" });
    expect(String(cause.detail)).toContain("taken@example.test");
    expect(String(cause.message)).toContain("duplicate key");
    expect(await db.select().from(users).where(eq(users.id, "tx-rollback"))).toHaveLength(0);
    // The connection is usable again.
    expect(await database.ping()).toBe(true);
  });

  it("rolls back to a savepoint in a nested transaction", async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(users).values(user("outer"));
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(users).values(user("inner"));
          throw new Error("undo the inner part");
        }),
      ).rejects.toThrow("undo the inner part");
    });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, "outer"))).toHaveLength(1);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, "inner"))).toHaveLength(0);
  });

  it("makes other queries wait while a transaction is open", async () => {
    const { db } = database;
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.insert(users).values(user("waited-for"));
      inside();
      await released;
      await tx.update(users).set({ name: "committed" }).where(eq(users.id, "waited-for"));
      order.push("commit");
    });
    await entered;
    const outside = db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, "waited-for"))
      .then((rows) => {
        order.push("outside");
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await outside).toEqual([{ name: "committed" }]);
    expect(order).toEqual(["commit", "outside"]);
  });

  it("carries a plain error's message and an error outside a transaction", async () => {
    const cause = await failure(database.db.execute(sql`select * from no_such_table`));
    expect(cause).toMatchObject({ code: "42P01" });
    const syntax = await failure(database.db.execute(sql.raw("selec 1")));
    expect(syntax).toMatchObject({ code: "42601" });
  });

  it("ends the worker on close()", async () => {
    const other = createDatabase({ dataDir: "memory://", pgliteWorker: true });
    expect(await other.ping()).toBe(true);
    const workers = () => process.getActiveResourcesInfo().filter((r) => r === "Worker" || r === "MessagePort").length;
    const before = workers();
    await other.close();
    expect(workers()).toBeLessThan(before);
    await expect(other.ping()).rejects.toThrow(/exited/);
  });
});

describe("prepared statements on PGlite (fastPglite)", () => {
  it("prepares again when a table changes under a cached plan", async () => {
    const pg = new PGlite();
    const client = fastPglite(pg);
    await client.exec("create table t (a int); insert into t values (1)");
    expect((await client.query("select * from t where a = $1", [1])).rows).toEqual([{ a: 1 }]);
    await client.exec("alter table t add column b text default 'x'");
    expect((await client.query("select * from t where a = $1", [1])).rows).toEqual([{ a: 1, b: "x" }]);
    await pg.close();
  });

  it("answers like PGlite's own query: rows, fields, affected rows and errors", async () => {
    const pg = new PGlite();
    const client = fastPglite(pg);
    await client.exec("create table t (id int primary key, at timestamptz, j jsonb)");
    const text = "insert into t values ($1, $2, $3) returning *";
    const params = [1, new Date("2024-01-02T03:04:05Z"), { k: [1, 2] }];
    const fast = await client.query(text, params);
    await pg.exec("delete from t");
    const own = await pg.query(text, params);
    expect(fast).toEqual(own);
    const fastError = await failure(client.query(text, params));
    const ownError = await failure(pg.query(text, params));
    expect({ ...fastError }).toEqual({ ...ownError });
    await pg.close();
  });
});
