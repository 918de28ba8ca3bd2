import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { listen, statusCounts } from "../../test/burst.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { completeLessonApi, createLearningApp, lessonId, prepareLesson } from "../learning/test-helpers.ts";
import { ledger } from "../wallet/ledger/schema.ts";
import { expectBooksBalance, give } from "../wallet/ledger/test-helpers.ts";
import { xpBoosts } from "../progress/schema.ts";
import { shopItems, shopPurchases } from "./schema.ts";

const N = 50;

const buy = (app: App, user: TestUser, item: unknown, key?: string) =>
  app.inject({
    method: "POST",
    url: "/api/users/buy-shop-item",
    headers: { ...user.headers, ...(key ? { "idempotency-key": key } : {}) },
    payload: { item },
  });

async function purchases(db: Db, userId: string) {
  return db.select().from(shopPurchases).where(eq(shopPurchases.userId, userId));
}

async function shopCharges(db: Db, userId: string) {
  return db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, "neonbits"), eq(ledger.reason, "shop_purchase")));
}

describe("the shop (PGlite)", async () => {
  const app = await createLearningApp();
  const db = app.ctx.db;

  it("lists the seeded items with the caller's balance, freezes and no boost", async () => {
    const user = await createUser(app);
    await give(app.ctx.transaction, user.id, "neonbits", 70);
    const res = await app.inject({ method: "GET", url: "/api/users/shop", headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { id: string; price: number }) => [i.id, i.price])).toEqual([
      ["streak_freeze", 150],
      ["xp_boost_1h", 250],
      ["streak_freeze_x3", 400],
    ]);
    expect(body).toMatchObject({ balance: 70, freezes: { owned: 1, on: false }, boost: null });
  });

  it("buys freezes into the inventory and charges the ledger once", async () => {
    const user = await createUser(app);
    await give(app.ctx.transaction, user.id, "neonbits", 600);
    const one = await buy(app, user, "streak_freeze");
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ balance: 450, freezes: { owned: 2 } });
    expect(one.json().message).toBe("You bought Streak Freeze: 1 streak freeze added.");
    const three = await buy(app, user, "streak_freeze_x3");
    expect(three.json()).toMatchObject({ balance: 50, freezes: { owned: 5 } });
    const books = await expectBooksBalance(db, user.id);
    expect(books).toMatchObject({ neonbits: 50, freezes: 5 });
    // The streak's own view agrees: the bought freezes are the inventory freeze-streak spends.
    const streak = await app.inject({ method: "GET", url: "/api/users/streak", headers: user.headers });
    expect(streak.json().freeze.inventory).toBe(5);
  });

  it("answers 409 with a message and writes nothing when the balance is short", async () => {
    const user = await createUser(app);
    await give(app.ctx.transaction, user.id, "neonbits", 249);
    const res = await buy(app, user, "xp_boost_1h");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Not enough NeonBits: XP Boost (1 hour) costs 250 NeonBits and you have 249. Get more NeonBits with a pack.",
    );
    expect(await purchases(db, user.id)).toEqual([]);
    expect(await shopCharges(db, user.id)).toEqual([]);
    expect((await expectBooksBalance(db, user.id)).neonbits).toBe(249);
    expect(await db.select().from(xpBoosts).where(eq(xpBoosts.userId, user.id))).toEqual([]);
  });

  it("refuses an unknown or missing item with 400 and a message", async () => {
    const user = await createUser(app);
    await give(app.ctx.transaction, user.id, "neonbits", 1000);
    for (const item of ["gold_bar", "", 7, null]) {
      const res = await buy(app, user, item);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("item must be one of streak_freeze, xp_boost_1h, streak_freeze_x3");
    }
    const none = await app.inject({
      method: "POST",
      url: "/api/users/buy-shop-item",
      headers: user.headers,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect((await expectBooksBalance(db, user.id)).neonbits).toBe(1000);
  });

  it("replays a purchase sent again with the same Idempotency-Key: same answer, no second charge", async () => {
    const user = await createUser(app);
    await give(app.ctx.transaction, user.id, "neonbits", 1000);
    const key = randomUUID();
    const first = await buy(app, user, "streak_freeze", key);
    const again = await buy(app, user, "streak_freeze", key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    expect(await purchases(db, user.id)).toHaveLength(1);
    expect((await expectBooksBalance(db, user.id)).neonbits).toBe(850);
    // A new key is a new purchase.
    expect((await buy(app, user, "streak_freeze", randomUUID())).json().balance).toBe(700);
  });

  it("starts an XP boost that doubles lesson XP, and extends it when bought again", async () => {
    const user = await createUser(app);
    await give(app.ctx.transaction, user.id, "neonbits", 500);
    const res = await buy(app, user, "xp_boost_1h");
    expect(res.statusCode, res.body).toBe(200);
    const boost = res.json().boost as { endsAt: string; multiplier: number };
    expect(boost.multiplier).toBe(2);
    const left = Date.parse(boost.endsAt) - Date.now();
    expect(left).toBeGreaterThan(59 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
    expect(res.json().message).toBe("You bought XP Boost (1 hour): your XP is doubled for the next 1 h.");

    const id = await lessonId(db, "neon-basics", "paths");
    await prepareLesson(app, user, id);
    const done = await completeLessonApi(app, user, id);
    expect(done.statusCode, done.body).toBe(200);
    const base = (await db.execute(sql`select xp from lessons where id = ${id}`)) as unknown as {
      rows: { xp: number }[];
    };
    expect(done.json().xpAwarded).toBe(2 * base.rows[0]!.xp);
    const books = await expectBooksBalance(db, user.id);
    expect(books.xp).toBe(2 * base.rows[0]!.xp);

    const again = await buy(app, user, "xp_boost_1h");
    const extended = Date.parse(again.json().boost.endsAt) - Date.parse(boost.endsAt);
    expect(Math.abs(extended - 60 * 60_000)).toBeLessThan(5_000);
  });

  it("charges what the catalogue says now, not what the server's cache remembers", async () => {
    const user = await createUser(app);
    await give(app.ctx.transaction, user.id, "neonbits", 1000);
    expect((await buy(app, user, "streak_freeze")).json().balance).toBe(850); // the cache now holds 150
    await db.update(shopItems).set({ price: 170, name: "Streak Freeze+" }).where(eq(shopItems.id, "streak_freeze"));
    try {
      const res = await buy(app, user, "streak_freeze");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ balance: 680, freezes: { owned: 3 } });
      expect(res.json().message).toBe("You bought Streak Freeze+: 1 streak freeze added.");
      expect(res.json().items[0]).toMatchObject({ id: "streak_freeze", price: 170 });
      const charges = await shopCharges(db, user.id);
      expect(charges.map((c) => c.amount).sort((a, b) => a - b)).toEqual([-170, -150]);
      expect(await purchases(db, user.id)).toHaveLength(2);

      // Off sale: 404, nothing written, whatever the cache said.
      await db.update(shopItems).set({ active: false }).where(eq(shopItems.id, "streak_freeze"));
      const off = await buy(app, user, "streak_freeze");
      expect(off.statusCode).toBe(404);
      expect(off.json().message).toBe("This item is not on sale in the shop.");
      expect(await purchases(db, user.id)).toHaveLength(2);
      expect((await expectBooksBalance(db, user.id)).neonbits).toBe(680);
    } finally {
      await db
        .update(shopItems)
        .set({ price: 150, name: "Streak Freeze", active: true })
        .where(eq(shopItems.id, "streak_freeze"));
      // The shop's own read refreshes the cache.
      const shop = await app.inject({ method: "GET", url: "/api/users/shop", headers: user.headers });
      expect(shop.json().items[0]).toMatchObject({ id: "streak_freeze", price: 150 });
    }
    expect((await buy(app, user, "streak_freeze")).json().balance).toBe(530);
  });

  it("gives plain XP once the boost has ended", async () => {
    const user = await createUser(app);
    await db.insert(xpBoosts).values({ userId: user.id, endsAt: new Date(Date.now() - 1000) });
    const id = await lessonId(db, "neon-basics", "paths");
    await prepareLesson(app, user, id);
    const done = await completeLessonApi(app, user, id);
    const base = (await db.execute(sql`select xp from lessons where id = ${id}`)) as unknown as {
      rows: { xp: number }[];
    };
    expect(done.json().xpAwarded).toBe(base.rows[0]!.xp);
    const shop = await app.inject({ method: "GET", url: "/api/users/shop", headers: user.headers });
    expect(shop.json().boost).toBeNull();
  });
});

function raceSuite(kind: "pglite" | "postgres") {
  describe(`${N} concurrent purchases (${kind})`, async () => {
    const app = await createLearningApp({ kind });
    const base = await listen(app);
    const db = app.ctx.db;

    const fire = (user: TestUser, items: string[]) =>
      Promise.all(
        items.map(async (item) => {
          const res = await fetch(`${base}/api/users/buy-shop-item`, {
            method: "POST",
            headers: { ...user.headers, "content-type": "application/json", "idempotency-key": randomUUID() },
            body: JSON.stringify({ item }),
          });
          return { status: res.status, body: (await res.json()) as { message: string } };
        }),
      );

    it("with a balance for exactly 7 freezes succeed exactly 7 times and reach zero", async () => {
      const user = await createUser(app);
      await give(app.ctx.transaction, user.id, "neonbits", 7 * 150);
      const results = await fire(user, Array(N).fill("streak_freeze"));
      expect(statusCounts(results)).toEqual({ 200: 7, 409: N - 7 });
      for (const r of results.filter((r) => r.status === 409)) {
        expect(r.body.message).toMatch(/^Not enough NeonBits: Streak Freeze costs 150 NeonBits and you have \d+\./);
      }
      const books = await expectBooksBalance(db, user.id);
      expect(books).toMatchObject({ neonbits: 0, freezes: 1 + 7 });
      expect(await purchases(db, user.id)).toHaveLength(7);
      expect(await shopCharges(db, user.id)).toHaveLength(7);
    });

    it("of mixed items never overspend: what succeeded is exactly what was charged", async () => {
      const user = await createUser(app);
      await give(app.ctx.transaction, user.id, "neonbits", 2000);
      const items = Array.from({ length: N }, (_, i) => ["streak_freeze", "xp_boost_1h", "streak_freeze_x3"][i % 3]!);
      const results = await fire(user, items);
      const ok = items.filter((_, i) => results[i]!.status === 200);
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const price = { streak_freeze: 150, xp_boost_1h: 250, streak_freeze_x3: 400 } as Record<string, number>;
      const spent = ok.reduce((sum, item) => sum + price[item]!, 0);
      const books = await expectBooksBalance(db, user.id);
      expect(books.neonbits).toBe(2000 - spent);
      expect(books.neonbits).toBeLessThan(150); // nothing affordable was refused
      const freezes =
        ok.filter((i) => i === "streak_freeze").length + 3 * ok.filter((i) => i === "streak_freeze_x3").length;
      expect(books.freezes).toBe(1 + freezes);
      expect(await purchases(db, user.id)).toHaveLength(ok.length);
    });
  });
}

raceSuite("pglite");
// PGlite is one connection and serialises everything; PostgreSQL is where real races happen.
if (process.env.TEST_DATABASE_URL) raceSuite("postgres");
