import { type LedgerPage, ledgerPageSchema } from "@neonlab/shared/schemas/ledger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { ledger } from "./schema.ts";
import { give } from "./test-helpers.ts";

describe("GET /api/users/ledger pages (keyset)", async () => {
  const app = await createTestApp();
  const db = app.ctx.db;

  const get = (user: TestUser, query: string) =>
    app.inject({ method: "GET", url: `/api/users/ledger?${query}`, headers: user.headers });
  const page = async (user: TestUser, query: string): Promise<LedgerPage> => {
    const res = await get(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return ledgerPageSchema.parse(res.json());
  };
  /** Every entry, page by page of `size`; checks each page's size and returns the ids and the page count. */
  const walk = async (user: TestUser, size: number, filter = "") => {
    const ids: number[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const current: LedgerPage = await page(user, `limit=${size}${filter}${before ? `&before=${before}` : ""}`);
      expect(current.entries.length).toBeLessThanOrEqual(size);
      ids.push(...current.entries.map((e) => e.id));
      before = current.next;
      pages++;
    } while (before && pages < 60);
    return { ids, pages };
  };

  /** 3 × 7 rows: many share a timestamp (across kinds and within one), some differ by a microsecond only. */
  async function seed(user: TestUser) {
    const base = Date.parse("2024-03-04T10:00:00.000Z");
    for (let i = 0; i < 7; i++) {
      const at = new Date(base + Math.floor(i / 3) * 1000);
      const row = { userId: user.id, amount: i + 1, reason: "test", description: `row ${i}`, createdAt: at };
      await db.insert(ledger).values({ ...row, kind: "xp", reference: `x${i}` });
      await db.insert(ledger).values({ ...row, kind: "neonbits", reference: `n${i}` });
      await db.insert(ledger).values({ ...row, kind: "streak", reference: `s${i}` });
      // Not listed: a freeze bought at the same moment (its price is the neonbits row).
      await db.insert(ledger).values({ ...row, kind: "streak_freeze", reference: `f${i}` });
    }
    // Same millisecond, one microsecond apart: a millisecond cursor would skip or repeat one of them.
    await db.execute(
      sql`update ledger set created_at = created_at + interval '1 microsecond' where user_id = ${user.id} and reference = 'x6'`,
    );
  }

  it("walks every entry exactly once across pages with equal timestamps, and ends with next = null", async () => {
    const user = await createUser(app);
    await seed(user);
    const all = await page(user, "limit=100");
    expect(all.entries).toHaveLength(21);
    expect(all.next).toBeNull();
    expect(new Set(all.entries.map((e) => e.id)).size).toBe(21);
    for (const size of [1, 2, 4, 5]) {
      const { ids, pages } = await walk(user, size);
      expect(ids, `pages of ${size}`).toEqual(all.entries.map((e) => e.id));
      expect(pages).toBe(Math.ceil(21 / size));
    }
    const dates = all.entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by kind, pages the filtered list the same way, and always says the NeonBits balance", async () => {
    const user = await createUser(app);
    await seed(user);
    const xp = await page(user, "kind=xp&limit=100");
    expect(xp.entries.map((e) => e.kind)).toEqual(Array(7).fill("xp"));
    expect((await walk(user, 2, "&kind=xp")).ids).toEqual(xp.entries.map((e) => e.id));
    await give(app.ctx.transaction, user.id, "neonbits", 50);
    const neonbits = await page(user, "kind=neonbits&limit=3");
    expect(neonbits.entries.map((e) => [e.kind, e.amount])).toEqual([
      ["neonbits", 50],
      ["neonbits", 7],
      ["neonbits", 6],
    ]);
    expect(neonbits.neonbits).toBe(50);
    const bad = await get(user, "kind=streak_freeze");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/kind must be one of xp, neonbits, streak/);
  });

  it("starts with the newest entries and a next cursor; a new user's ledger is empty", async () => {
    const user = await createUser(app);
    await seed(user);
    const first = await page(user, "limit=3");
    expect(first.entries.map((e) => e.description)).toEqual(["row 6", "row 6", "row 6"]);
    expect(first.next).toMatch(/^\d+-\d+$/);
    expect((await page(user, "")).entries).toHaveLength(20);
    expect(await page(await createUser(app), "")).toEqual({ neonbits: 0, entries: [], next: null });
  });

  it("limits a page to 100 entries", async () => {
    const user = await createUser(app);
    for (const limit of ["0", "101", "1000", "-1", "two"]) {
      const res = await get(user, `limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message, limit).toMatch(/limit must be/);
    }
    expect((await get(user, "limit=100")).statusCode).toBe(200);
  });

  it("refuses a malformed cursor, and the old history cursor, with 400 and a clear message", async () => {
    const user = await createUser(app);
    for (const before of [
      "abc",
      "",
      "1-xp-1",
      "1-99999999999",
      "1-2147483648",
      "12345678901234567-1",
      "-1-1",
      "1.5-1",
    ]) {
      const res = await get(user, `before=${encodeURIComponent(before)}`);
      expect(res.statusCode, before).toBe(400);
      expect(res.json().message, before).toMatch(/before must be the next value of a previous ledger page/);
    }
    // Well-formed but from nowhere: an empty or shorter page, never an error.
    expect((await page(user, "before=0-0")).entries).toEqual([]);
    expect((await page(user, "before=9999999999999999-2147483647")).next).toBeNull();
  });

  it("is the one ledger list: the history route is gone", async () => {
    const user = await createUser(app);
    expect((await app.inject({ method: "GET", url: "/api/users/history", headers: user.headers })).statusCode).toBe(
      404,
    );
  });
});
