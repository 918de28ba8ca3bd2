import { resolve } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SubscriptionAnswer } from "@neonlab/shared/schemas/payments";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { getNeonBitsBalance } from "../wallet/service.ts";
import type { PaymentEvent, SubscriptionState } from "./provider.ts";
import { billingRecords, paymentEvents, subscriptions } from "./schema.ts";
import { testProviderSecret } from "./test-provider.ts";
import { signTestEvent, TEST_SIGNATURE_HEADER } from "./test-signing.ts";

// Exactly once, whatever the delivery count or order: one subscription's events delivered 20 times
// each, or 100 times in a shuffled order (concurrently on PostgreSQL), end in one state and one grant.

const app = await createTestApp({ env: { WEB_DIST: resolve(import.meta.dirname, "none"), IMPORT_CONTENT: "false" } });
const secret = testProviderSecret(app.ctx.config.authSecret);

const deliver = (event: PaymentEvent) => {
  const { body, signature } = signTestEvent(secret, event);
  return app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    payload: body,
    headers: { "content-type": "application/json", [TEST_SIGNATURE_HEADER]: signature },
  });
};

let serial = 0;
/** One subscription's life: bought, cancelled, reactivated, switched to yearly, (deleted), plus a pack. */
function lifeOf(user: TestUser, withDeletion: boolean) {
  const n = ++serial;
  const customerId = `cus_order_${n}`;
  const base: SubscriptionState = {
    id: `sub_order_${n}`,
    customerId,
    userId: user.id,
    priceId: "price_pro_monthly",
    status: "active",
    cancelAtPeriodEnd: false,
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  };
  const update = (version: number, change: Partial<SubscriptionState>, deleted = false): PaymentEvent => ({
    id: `evt_order_${n}_v${version}`,
    type: deleted ? "subscription.deleted" : "subscription.updated",
    version,
    subscription: { ...base, ...change },
  });
  const checkout = (id: string, mode: "subscription" | "payment", priceId: string, amount: number): PaymentEvent => ({
    id: `evt_order_${n}_${id}`,
    type: "checkout.completed",
    checkout: {
      id: `cs_order_${n}_${id}`,
      mode,
      userId: user.id,
      customerId,
      priceId,
      amount,
      currency: "usd",
      paid: true,
      occurredAt: new Date(),
    },
  });
  const invoice = (id: string, amount: number): PaymentEvent => ({
    id: `evt_order_${n}_${id}`,
    type: "invoice.paid",
    invoice: {
      id: `in_order_${n}_${id}`,
      customerId,
      description: "NeonLab Pro",
      amount,
      currency: "usd",
      url: null,
      paidAt: new Date(),
    },
  });
  const events = [
    checkout("sub", "subscription", "price_pro_monthly", 999),
    update(1, {}),
    invoice("first", 999),
    update(2, { cancelAtPeriodEnd: true }),
    update(3, { cancelAtPeriodEnd: false }),
    update(4, { priceId: "price_pro_yearly" }),
    invoice("yearly", 7999),
    checkout("pack", "payment", "price_neonbits_1200", 999),
  ];
  if (withDeletion) events.push(update(5, { priceId: "price_pro_yearly", status: "canceled" }, true));
  return { events, subscriptionId: base.id, customerId };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  const random = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Delivers in waves of 10 at once (real concurrency on PostgreSQL). */
async function deliverAll(events: PaymentEvent[]) {
  for (let i = 0; i < events.length; i += 10) {
    const answers = await Promise.all(events.slice(i, i + 10).map(deliver));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
  }
}

async function expectFinal(user: TestUser, life: ReturnType<typeof lifeOf>, deleted: boolean) {
  const db = app.ctx.db;
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, life.subscriptionId));
  expect(sub).toMatchObject({
    userId: user.id,
    priceId: "price_pro_yearly",
    status: deleted ? "canceled" : "active",
    cancelAtPeriodEnd: false,
    version: deleted ? 5 : 4,
  });
  const answer = (
    await app.inject({ method: "GET", url: "/api/stripe/subscription", headers: user.headers })
  ).json() as SubscriptionAnswer;
  expect(answer.has_access).toBe(!deleted);
  expect(await getNeonBitsBalance(db, user.id)).toBe(1200);
  const records = await db.select().from(billingRecords).where(eq(billingRecords.customerId, life.customerId));
  expect(records).toHaveLength(3);
  const applied = await db
    .select()
    .from(paymentEvents)
    .where(
      inArray(
        paymentEvents.id,
        life.events.map((e) => e.id),
      ),
    );
  expect(applied).toHaveLength(life.events.length);
}

describe("exactly once, in any order", () => {
  it("20 deliveries of every event give one final state and one grant", async () => {
    const user = await createUser(app);
    const life = lifeOf(user, true);
    await deliverAll(life.events.flatMap((e) => Array.from({ length: 20 }, () => e)));
    await expectFinal(user, life, true);
  });

  it("100 shuffled deliveries (every event at least once) give the same state", async () => {
    for (const [seed, deleted] of [
      [7, true],
      [42, false],
      [1234, false],
    ] as const) {
      const user = await createUser(app);
      const life = lifeOf(user, deleted);
      const deliveries = [...life.events];
      for (let i = 0; deliveries.length < 100; i++)
        deliveries.push(life.events[(i * 7 + seed) % life.events.length] as PaymentEvent);
      await deliverAll(shuffled(deliveries, seed));
      await expectFinal(user, life, deleted);
    }
  });

  it("an older subscription.updated delivered last does not overwrite the newer state", async () => {
    const user = await createUser(app);
    const life = lifeOf(user, false);
    const [checkout, v1, , v2, v3, v4] = life.events as PaymentEvent[];
    for (const e of [checkout, v4, v3, v2, v1] as PaymentEvent[]) expect((await deliver(e)).statusCode).toBe(200);
    const [sub] = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, life.subscriptionId));
    expect(sub).toMatchObject({ version: 4, priceId: "price_pro_yearly", cancelAtPeriodEnd: false });
  });

  it("the test provider's delivery hook repeats and reverses real checkout events without a second effect", async () => {
    const user = await createUser(app);
    const hook = await app.inject({
      method: "POST",
      url: "/testpay/dev/delivery",
      payload: { duplicate: true, reverse: true },
    });
    expect(hook.statusCode).toBe(200);
    try {
      const session = await app.inject({
        method: "GET",
        url: "/api/stripe/currency-session?priceId=price_neonbits_500",
        headers: user.headers,
      });
      const path = new URL((session.json() as { url: string }).url).pathname;
      await app.inject({
        method: "POST",
        url: `${path}/pay`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      });
      expect(await getNeonBitsBalance(app.ctx.db, user.id)).toBe(500);
    } finally {
      await app.inject({ method: "POST", url: "/testpay/dev/delivery", payload: {} });
    }
  });
});

type Access = { paid: boolean; until: Date | null };

describe("the access a subscription gives (payments/sql/subscription-access.sql)", () => {
  it("pays while active, trialing or past due; until the period end once it ends or a renewal failed", async () => {
    const end = new Date("2031-01-02T03:04:05.000Z");
    const open = { paid: true, until: null };
    const untilEnd = { paid: true, until: end };
    const none = { paid: false, until: null };
    // Per status: the access while it runs on, and once it is cancelled at the period end.
    const expected: Record<string, [Access, Access]> = {
      active: [open, untilEnd],
      trialing: [open, untilEnd],
      past_due: [untilEnd, untilEnd],
      canceled: [none, none],
      unpaid: [none, none],
      incomplete: [none, none],
      paused: [none, none],
    };
    for (const [status, [running, cancelling]] of Object.entries(expected)) {
      for (const [cancelAtPeriodEnd, access] of [
        [false, running],
        [true, cancelling],
      ] as const) {
        const result = (await app.ctx.db.execute(
          sql`select paid, until from subscription_access(${status}, ${cancelAtPeriodEnd}, ${end.toISOString()}::timestamptz)`,
        )) as unknown as { rows: { paid: boolean; until: string | Date | null }[] };
        const row = result.rows[0]!;
        const inSql = { paid: row.paid, until: row.until === null ? null : new Date(row.until) };
        expect(inSql, `${status} ${cancelAtPeriodEnd}`).toEqual(access);
      }
    }
  });
});
