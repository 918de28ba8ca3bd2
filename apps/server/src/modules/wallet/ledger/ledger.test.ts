import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import type { Db } from "../../../db/client.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { users } from "../../identity/accounts/schema.ts";
import { profiles } from "../../identity/profiles/schema.ts";
import { ledger } from "./schema.ts";
import { grant, type LedgerEntry, record, spend } from "./service.ts";
import { expectBooksBalance } from "./test-helpers.ts";

const N = 50;

function ledgerSuite(kind: "pglite" | "postgres") {
  describe(`the one ledger (${kind})`, async () => {
    const app = await createTestApp({ kind });
    const db = app.ctx.db;

    async function learner() {
      const id = randomUUID();
      await db.insert(users).values({ id, name: id, email: `${id}@example.test`, emailVerified: true });
      await db
        .insert(profiles)
        .values({ id, displayName: "L", username: id, editorPreferences: { ...EDITOR_DEFAULTS } });
      return id;
    }
    const inTx = <T>(work: (tx: Db) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Db));
    const entry = (userId: string, amount: number, reference: string): LedgerEntry => ({
      userId,
      amount,
      reason: "test",
      reference,
      description: `test ${reference}`,
    });

    it(`gives a grant once for ${N} concurrent identical grants, for every balance kind`, async () => {
      const userId = await learner();
      for (const k of ["xp", "neonbits", "streak_freeze"] as const) {
        const given = await Promise.all(
          Array.from({ length: N }, () => inTx((tx) => grant(tx, { ...entry(userId, 7, "once"), kind: k }))),
        );
        expect(given.filter(Boolean), k).toHaveLength(1);
      }
      expect(await expectBooksBalance(db, userId)).toMatchObject({ xp: 7, neonbits: 7, freezes: 7 });
    });

    it(`sums ${N} concurrent different grants and never overspends under ${N} concurrent spends`, async () => {
      const userId = await learner();
      await Promise.all(
        Array.from({ length: N }, (_, i) =>
          inTx((tx) => grant(tx, { ...entry(userId, 3, `g${i}`), kind: "neonbits" })),
        ),
      );
      expect((await expectBooksBalance(db, userId)).neonbits).toBe(3 * N);
      // 150 NeonBits, 50 spends of 7: 21 fit, the rest find the balance too low.
      const spent = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          inTx((tx) => spend(tx, { ...entry(userId, 7, `s${i}`), kind: "neonbits" })),
        ),
      );
      expect(spent.filter((s) => s.status === "spent")).toHaveLength(21);
      expect(spent.filter((s) => s.status === "insufficient")).toHaveLength(N - 21);
      expect((await expectBooksBalance(db, userId)).neonbits).toBe(3 * N - 21 * 7);
    });

    it("charges a spend once for concurrent identical spends, and refuses one larger than the balance", async () => {
      const userId = await learner();
      await inTx((tx) => grant(tx, { ...entry(userId, 100, "g"), kind: "neonbits" }));
      const spent = await Promise.all(
        Array.from({ length: N }, () => inTx((tx) => spend(tx, { ...entry(userId, 30, "same"), kind: "neonbits" }))),
      );
      expect(spent.map((s) => s.status).sort()).toEqual(["spent", ...Array(N - 1).fill("duplicate")].sort());
      expect(await inTx((tx) => spend(tx, { ...entry(userId, 71, "big"), kind: "neonbits" }))).toEqual({
        status: "insufficient",
        balance: 70,
      });
      expect((await expectBooksBalance(db, userId)).neonbits).toBe(70);
    });

    it("records history-only rows once, moving no balance; refuses grants and spends of nothing", async () => {
      const userId = await learner();
      const streakRow = { ...entry(userId, -4, "day:2025-03-03"), kind: "streak" as const };
      expect(await inTx((tx) => record(tx, streakRow))).toBe(true);
      expect(await inTx((tx) => record(tx, streakRow))).toBe(false);
      const rows = await db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, userId), eq(ledger.kind, "streak")));
      expect(rows.map((r) => r.amount)).toEqual([-4]);
      // The database refuses them (the query error's cause is its message).
      const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/positive/) }) };
      await expect(inTx((tx) => grant(tx, { ...entry(userId, 0, "zero"), kind: "xp" }))).rejects.toMatchObject(refused);
      await expect(inTx((tx) => spend(tx, { ...entry(userId, -1, "neg"), kind: "neonbits" }))).rejects.toMatchObject(
        refused,
      );
      expect(await expectBooksBalance(db, userId)).toMatchObject({ xp: 0, neonbits: 0, freezes: 0 });
    });
  });
}

ledgerSuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) ledgerSuite("postgres");
