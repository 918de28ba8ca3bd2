import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

// drizzle/0005_one-ledger.sql on a database holding rows of the three old tables (as 0004 left it).

const DRIZZLE = resolve(import.meta.dirname, "../../../../drizzle");
const migrations = readdirSync(DRIZZLE)
  .filter((f) => f.endsWith(".sql"))
  .sort();

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(resolve(DRIZZLE, file), "utf8").split("--> statement-breakpoint")) {
    await db.exec(statement);
  }
}

async function rows<T>(db: PGlite, query: string): Promise<T[]> {
  return (await db.query<T>(query)).rows;
}

describe("migration 0005 (one ledger)", () => {
  it("moves XP, NeonBits, streak events and freeze inventories into the ledger and keeps the rank aggregates", async () => {
    const db = new PGlite();
    const ledgerAt = migrations.indexOf("0005_one-ledger.sql");
    expect(ledgerAt).toBeGreaterThan(0);
    for (const file of migrations.slice(0, ledgerAt)) await apply(db, file);

    for (const id of ["ann", "bob", "cat"]) {
      await db.exec(`insert into users (id, name, email) values ('${id}', '${id}', '${id}@example.test');
        insert into profiles (id, display_name, username, editor_preferences) values ('${id}', '${id}', '${id}', '{}')`);
    }
    await db.exec(`
      insert into xp_events (user_id, amount, reason, reference, description, created_at) values
        ('ann', 10, 'lesson_completed', 'lesson:1', 'Completed lesson: One', '2025-03-03 10:00+00'),
        ('ann', 15, 'lesson_completed', 'lesson:2', 'Completed lesson: Two', '2025-03-11 10:00+00'),
        ('bob', 10, 'lesson_completed', 'lesson:1', 'Completed lesson: One', '2025-03-11 11:00+00');
      update profiles set xp = 25 where id = 'ann';
      update profiles set xp = 10 where id = 'bob';
      insert into neonbits_ledger (user_id, amount, reason, reference, description, created_at) values
        ('ann', 20, 'chapter_completed', 'chapter:1', 'Completed chapter: One', '2025-03-11 10:00+00'),
        ('ann', -10, 'test_spend', 'x', 'Spent', '2025-03-12 10:00+00');
      insert into neonbits_balances (user_id, balance) values ('ann', 10), ('cat', 0);
      insert into streak_events (user_id, reason, amount, description, created_at) values
        ('ann', 'streak_started', 1, 'Streak started', '2025-03-03 10:00+00'),
        ('ann', 'streak_started', 1, 'Streak started', '2025-03-11 10:00+00');
      insert into streak_freeze_inventory (user_id, count) values ('ann', 0), ('bob', 1), ('cat', 3);
    `);
    const aggregates = `select 'w' as t, user_id as k, week_start::text as w, xp from xp_weekly
      union all select 'h', '', xp::text, users from xp_totals_histogram where users > 0
      union all select 'wh', week_start::text, xp::text, users from xp_weekly_histogram where users > 0 order by 1, 2, 3`;
    const before = await rows(db, aggregates);

    await apply(db, "0005_one-ledger.sql");

    const ledger = await rows<{ user_id: string; kind: string; amount: number; reason: string; reference: string }>(
      db,
      "select user_id, kind, amount, reason, reference from ledger order by id",
    );
    expect(ledger.filter((r) => r.kind === "xp")).toHaveLength(3);
    expect(ledger.filter((r) => r.kind === "neonbits").map((r) => r.amount)).toEqual([20, -10]);
    expect(ledger.filter((r) => r.kind === "streak").map((r) => r.reference)).toEqual([
      expect.stringMatching(/^streak-event:\d+$/),
      expect.stringMatching(/^streak-event:\d+$/),
    ]);
    expect(await rows(db, "select user_id, kind, balance from ledger_balances order by 1, 2")).toEqual([
      { user_id: "ann", kind: "neonbits", balance: 10 },
      { user_id: "ann", kind: "streak_freeze", balance: 0 },
      { user_id: "bob", kind: "streak_freeze", balance: 1 },
      { user_id: "cat", kind: "streak_freeze", balance: 3 },
    ]);
    // Every balance is its kind's sum; profiles.xp is the XP rows' sum.
    expect(
      await rows(
        db,
        `select b.user_id from ledger_balances b where b.balance <>
        (select sum(amount) from ledger l where l.user_id = b.user_id and l.kind = b.kind)`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        db,
        `select id from profiles p where p.xp <>
        (select coalesce(sum(amount), 0) from ledger l where l.user_id = p.id and l.kind = 'xp')`,
      ),
    ).toEqual([]);
    const gone = await rows(
      db,
      `select table_name from information_schema.tables where table_name in
      ('xp_events', 'neonbits_ledger', 'neonbits_balances', 'streak_events', 'streak_freeze_inventory')`,
    );
    expect(gone).toEqual([]);

    // The copy did not count again into the aggregates; a new XP row (not another kind) does.
    expect(await rows(db, aggregates)).toEqual(before);
    await db.exec(`
      insert into ledger (user_id, kind, amount, reason, reference, description, created_at) values
        ('bob', 'xp', 5, 'lesson_completed', 'lesson:2', 'Completed lesson: Two', '2025-03-12 10:00+00'),
        ('bob', 'neonbits', 5, 'gift', 'g', 'A gift', '2025-03-12 10:00+00');
      update profiles set xp = 15 where id = 'bob'`);
    expect(await rows(db, "select xp from xp_weekly where user_id = 'bob'")).toEqual([{ xp: 15 }]);
    await db.close();
  });
});
