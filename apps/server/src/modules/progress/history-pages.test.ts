import { type History, historySchema } from "@neonlab/shared/schemas/progress";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { ledger } from "../ledger/schema.ts";

describe("history pages (keyset)", async () => {
  const app = await createTestApp();
  const db = app.ctx.db;

  const page = async (user: TestUser, query: string): Promise<History> => {
    const res = await app.inject({ method: "GET", url: `/api/users/history?${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return historySchema.parse(res.json());
  };

  /** 3 × 7 rows: many share a timestamp (across kinds and within one), some differ by a microsecond only. */
  async function seedHistory(user: TestUser) {
    const base = Date.parse("2024-03-04T10:00:00.000Z");
    for (let i = 0; i < 7; i++) {
      const at = new Date(base + Math.floor(i / 3) * 1000);
      const row = { userId: user.id, amount: i + 1, reason: "test", description: `row ${i}`, createdAt: at };
      await db.insert(ledger).values({ ...row, kind: "xp", reference: `x${i}` });
      await db.insert(ledger).values({ ...row, kind: "neonbits", reference: `n${i}` });
      await db.insert(ledger).values({ ...row, kind: "streak", reference: `s${i}` });
      // Not part of the history: a freeze bought at the same moment.
      await db.insert(ledger).values({ ...row, kind: "streak_freeze", reference: `f${i}` });
    }
    // Same millisecond, one microsecond apart: a millisecond cursor would skip or repeat one of them.
    await db.execute(
      sql`update ledger set created_at = created_at + interval '1 microsecond' where user_id = ${user.id} and reference = 'x6'`,
    );
  }

  it("walks every entry exactly once, in the order of one big page, and ends with next = null", async () => {
    const user = await createUser(app);
    await seedHistory(user);
    const all = await page(user, "limit=200");
    expect(all.entries).toHaveLength(21);
    expect(all.next).toBeNull();
    for (const size of [1, 2, 4, 5]) {
      const walked: string[] = [];
      let before: string | null = null;
      let pages = 0;
      do {
        const current: History = await page(user, `limit=${size}${before ? `&before=${before}` : ""}`);
        expect(current.entries.length).toBeLessThanOrEqual(size);
        walked.push(...current.entries.map((e) => e.id));
        before = current.next;
        pages++;
      } while (before && pages < 50);
      expect(walked).toEqual(all.entries.map((e) => e.id));
      expect(pages).toBe(Math.ceil(21 / size));
    }
    const dates = all.entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("keeps the first page as before: newest entries and a next cursor when more are left", async () => {
    const user = await createUser(app);
    await seedHistory(user);
    const first = await page(user, "limit=3");
    expect(first.entries.map((e) => e.description)).toEqual(["row 6", "row 6", "row 6"]);
    expect(first.next).toMatch(/^\d+-(xp|neonbits|streak)-\d+$/);
    const empty = await page(await createUser(app), "");
    expect(empty).toEqual({ entries: [], next: null });
  });

  it("refuses a malformed cursor with 400 and a message", async () => {
    const user = await createUser(app);
    for (const before of [
      "abc",
      "1-gold-1",
      "1-xp-99999999999",
      "1-xp-2147483648",
      "12345678901234567-xp-1",
      "-1-xp-1",
    ]) {
      const res = await app.inject({
        method: "GET",
        url: `/api/users/history?before=${encodeURIComponent(before)}`,
        headers: user.headers,
      });
      expect(res.statusCode, before).toBe(400);
      expect(res.json().message).toMatch(/before must be the next value of a previous history page/);
    }
  });
});
