import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { burst, listen, statusCounts } from "../../test/burst.ts";
import { createUser } from "../../test/users.ts";
import { createLearningApp } from "../learning/test-helpers.ts";
import { ledger } from "../wallet/ledger/schema.ts";
import { expectBooksBalance, give } from "../wallet/ledger/test-helpers.ts";
import { streaks } from "./schema.ts";
import { setStreak, utcDay } from "./test-helpers.ts";

const N = 50;

async function streakCharges(db: Db, userId: string) {
  return db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, "neonbits"), eq(ledger.reason, "streak_saved")));
}

/** The freeze flag, the inventory (checked against its ledger sum) and the freeze actions in the history. */
async function freezeState(db: Db, userId: string) {
  const [streak] = await db.select().from(streaks).where(eq(streaks.userId, userId));
  const { freezes } = await expectBooksBalance(db, userId);
  const entries = await db
    .select({ reason: ledger.reason })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, "streak")));
  return {
    on: streak?.freezeOn ?? false,
    inventory: freezes,
    putOn: entries.filter((e) => e.reason === "freeze_on").length,
    takenBack: entries.filter((e) => e.reason === "freeze_off").length,
  };
}

function raceSuite(kind: "pglite" | "postgres") {
  describe(`streak actions exactly once under ${N} concurrent requests (${kind})`, async () => {
    const app: App = await createLearningApp({ kind });
    const base = await listen(app);
    const db = app.ctx.db;

    it("charges a streak save once for 50 identical requests", async () => {
      const user = await createUser(app);
      // Last active three days ago: broken, two missed days, 200 NeonBits to save.
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await give(app.ctx.transaction, user.id, "neonbits", 1000);
      const results = await burst(base, user, "PATCH", Array(N).fill("/api/users/save-streak?save=true"));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0].body).toMatchObject({ count: 8, status: "alive", neonbits_spent: 200 });
      expect(results.filter((r) => r.status === 409)).toHaveLength(N - 1);
      expect((await expectBooksBalance(db, user.id)).neonbits).toBe(800);
      expect(await streakCharges(db, user.id)).toHaveLength(1);
    });

    it("charges once and reaches exactly zero when the balance is just enough", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await give(app.ctx.transaction, user.id, "neonbits", 200);
      const results = await burst(base, user, "PATCH", Array(N).fill("/api/users/save-streak?save=true"));
      expect(statusCounts(results)).toEqual({ 200: 1, 409: N - 1 });
      for (const r of results.filter((r) => r.status === 409)) {
        expect((r.body as { message: string }).message).toMatch(/not broken|already saved|costs 200 NeonBits/);
      }
      expect((await expectBooksBalance(db, user.id)).neonbits).toBe(0);
      expect(await streakCharges(db, user.id)).toHaveLength(1);
    });

    it("charges nothing when the balance is one NeonBit short", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await give(app.ctx.transaction, user.id, "neonbits", 199);
      const results = await burst(base, user, "PATCH", Array(N).fill("/api/users/save-streak?save=true"));
      expect(statusCounts(results)).toEqual({ 409: N });
      for (const r of results) {
        expect((r.body as { message: string }).message).toBe("Saving your streak costs 200 NeonBits; you have 199.");
      }
      expect((await expectBooksBalance(db, user.id)).neonbits).toBe(199);
      expect(await streakCharges(db, user.id)).toHaveLength(0);
      // The streak is still broken and still offered for saving.
      const streak = await fetch(`${base}/api/users/streak`, { headers: user.headers });
      expect(await streak.json()).toMatchObject({ status: "broken", save: { cost: 200, affordable: false } });
    });

    it("lets exactly one of 50 concurrent save and reset requests decide", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 8, lastUpdated: utcDay(-3) });
      await give(app.ctx.transaction, user.id, "neonbits", 1000);
      const paths = Array.from({ length: N }, (_, i) => `/api/users/save-streak?save=${i % 2 === 0}`);
      const results = await burst(base, user, "PATCH", paths);
      expect(statusCounts(results)).toEqual({ 200: 1, 409: N - 1 });
      const winner = results.find((r) => r.status === 200)?.body as { neonbits_spent: number; count: number };
      const { neonbits } = await expectBooksBalance(db, user.id);
      const charges = await streakCharges(db, user.id);
      if (winner.neonbits_spent > 0) {
        expect(winner).toMatchObject({ count: 8, neonbits_spent: 200 });
        expect(charges).toHaveLength(1);
        expect(neonbits).toBe(800);
      } else {
        expect(winner.count).toBe(0);
        expect(charges).toHaveLength(0);
        expect(neonbits).toBe(1000);
      }
    });

    it("puts one freeze on and takes one back for 50 identical requests each", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 5, lastUpdated: utcDay(-1) });
      await give(app.ctx.transaction, user.id, "streak_freeze", 3);

      const on = await burst(base, user, "PATCH", Array(N).fill("/api/users/freeze-streak"));
      expect(statusCounts(on)).toEqual({ 200: 1, 409: N - 1 });
      for (const r of on.filter((r) => r.status === 409)) {
        expect((r.body as { message: string }).message).toBe("A streak freeze is already on your streak.");
      }
      expect(await freezeState(db, user.id)).toEqual({ on: true, inventory: 2, putOn: 1, takenBack: 0 });

      const off = await burst(base, user, "PATCH", Array(N).fill("/api/users/unfreeze-streak"));
      expect(statusCounts(off)).toEqual({ 200: 1, 409: N - 1 });
      expect(await freezeState(db, user.id)).toEqual({ on: false, inventory: 3, putOn: 1, takenBack: 1 });
    });

    it("gives the starter freeze once to a new user's first streak reads and freeze purchases at once", async () => {
      const user = await createUser(app);
      await give(app.ctx.transaction, user.id, "neonbits", 150 * 10);
      const reads = Array.from({ length: 20 }, () =>
        fetch(`${base}/api/users/streak`, { headers: user.headers }).then((r) => r.status),
      );
      const buys = Array.from({ length: 10 }, () =>
        fetch(`${base}/api/users/buy-shop-item`, {
          method: "POST",
          headers: { ...user.headers, "content-type": "application/json" },
          body: JSON.stringify({ item: "streak_freeze" }),
        }).then((r) => r.status),
      );
      const statuses = await Promise.all([...reads, ...buys]);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const starters = await db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, user.id), eq(ledger.kind, "streak_freeze"), eq(ledger.reason, "starter_freeze")));
      expect(starters).toHaveLength(1);
      expect((await freezeState(db, user.id)).inventory).toBe(1 + 10);
    });

    it("never loses or duplicates a freeze under 50 interleaved freeze and unfreeze requests", async () => {
      const user = await createUser(app);
      await setStreak(db, user.id, { count: 5, lastUpdated: utcDay(-1) });
      await give(app.ctx.transaction, user.id, "streak_freeze", 1);
      const paths = Array.from({ length: N }, (_, i) =>
        i % 2 === 0 ? "/api/users/freeze-streak" : "/api/users/unfreeze-streak",
      );
      const results = await burst(base, user, "PATCH", paths);
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const froze = results.filter((r, i) => r.status === 200 && i % 2 === 0).length;
      const unfroze = results.filter((r, i) => r.status === 200 && i % 2 === 1).length;
      expect(froze).toBeGreaterThan(0);
      const state = await freezeState(db, user.id);
      // One freeze owned: it is either on the streak or in the inventory, and every success left a matching event.
      expect(state.inventory + (state.on ? 1 : 0)).toBe(1);
      expect(froze - unfroze).toBe(state.on ? 1 : 0);
      expect({ putOn: state.putOn, takenBack: state.takenBack }).toEqual({ putOn: froze, takenBack: unfroze });
    });
  });
}

raceSuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
