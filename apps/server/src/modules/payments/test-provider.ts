import { createHmac, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import {
  formatNeonBits,
  PACK_PRICES,
  SUBSCRIPTION_PRICES,
  seededCurrencyProduct,
  seededSubscriptionProduct,
} from "./catalog.ts";
import type { PaymentEvent, PaymentProvider, SubscriptionState } from "./provider.ts";
import { testpaySessions, testpaySubscriptions } from "./schema.ts";
import { signTestEvent, TEST_SIGNATURE_HEADER, verifyTestEvent } from "./test-signing.ts";

// The built-in test provider (the default, no account anywhere): its own checkout and manage pages
// (test-provider-pages.ts), its own state (testpay_* tables), and signed events delivered to the same
// webhook handler Stripe's go to. Delivery can be told to repeat, delay or reverse events (a test hook,
// never in production).

export type DeliveryMode = { duplicate: boolean; delayMs: number; reverse: boolean };
export type Receive = (rawBody: Buffer, headers: Record<string, string>) => Promise<unknown>;

export type TestProvider = PaymentProvider & {
  readonly secret: string;
  delivery: DeliveryMode;
  session(id: string): Promise<typeof testpaySessions.$inferSelect>;
  subscriptionsOf(customerId: string): Promise<(typeof testpaySubscriptions.$inferSelect)[]>;
  pay(sessionId: string, chosenPriceId: string | null): Promise<{ url: string }>;
  cancelCheckout(sessionId: string): Promise<{ url: string }>;
  switchPlan(subscriptionId: string, priceId: string): Promise<void>;
};

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const MONTH_MS = 30 * 24 * 3600 * 1000;
const periodEnd = (priceId: string, from = Date.now()) =>
  new Date(from + (priceId === "price_pro_yearly" ? 365 * 24 * 3600 * 1000 : MONTH_MS));

/** The local secret the test provider signs its events with (derived from the app's secret). */
export const testProviderSecret = (authSecret: string) =>
  createHmac("sha256", authSecret).update("neonlab test provider webhook").digest("hex");

export function createTestProvider(options: {
  db: Db;
  publicUrl: string;
  authSecret: string;
  receive: Receive;
  onDeliveryError: (error: unknown) => void;
}): TestProvider {
  const { db, publicUrl } = options;
  const secret = testProviderSecret(options.authSecret);
  const url = (path: string) => new URL(path, publicUrl).toString();

  async function send(events: PaymentEvent[]) {
    for (const event of events) {
      const { body, signature } = signTestEvent(secret, event);
      await options.receive(Buffer.from(body), {
        "content-type": "application/json",
        [TEST_SIGNATURE_HEADER]: signature,
      });
    }
  }

  async function deliver(events: PaymentEvent[]) {
    const { duplicate, delayMs, reverse } = provider.delivery;
    let list = reverse ? [...events].reverse() : events;
    if (duplicate) list = list.flatMap((e) => [e, e]);
    const run = () => send(list).catch(options.onDeliveryError);
    if (delayMs > 0) setTimeout(run, delayMs).unref?.();
    else await run();
  }

  const stateOf = (row: typeof testpaySubscriptions.$inferSelect): SubscriptionState => ({
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    priceId: row.priceId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
  });
  const announce = (row: typeof testpaySubscriptions.$inferSelect, deleted = false): PaymentEvent => ({
    id: newId("evt"),
    type: deleted ? "subscription.deleted" : "subscription.updated",
    version: row.version,
    subscription: stateOf(row),
  });

  async function changeSubscription(
    id: string,
    set: Partial<typeof testpaySubscriptions.$inferInsert>,
    deleted = false,
  ) {
    const [row] = await db
      .update(testpaySubscriptions)
      .set({ ...set, version: sql`${testpaySubscriptions.version} + 1` })
      .where(and(eq(testpaySubscriptions.id, id), sql`${testpaySubscriptions.status} <> 'canceled'`))
      .returning();
    if (row) await deliver([announce(row, deleted)]);
  }

  async function openSession(values: Omit<typeof testpaySessions.$inferInsert, "id">) {
    const id = newId("cs");
    await db.insert(testpaySessions).values({ ...values, id });
    return id;
  }

  const provider: TestProvider = {
    name: "test",
    secret,
    delivery: { duplicate: false, delayMs: 0, reverse: false },
    subscriptionProduct: async () => seededSubscriptionProduct(),
    currencyProduct: async () => seededCurrencyProduct(),
    async ensureCustomer(_user, existing) {
      return existing ?? newId("cus");
    },
    async subscriptionCheckout(request) {
      const id = await openSession({
        userId: request.userId,
        customerId: request.customerId,
        mode: "subscription",
        priceId: request.priceId,
      });
      return url(`/testpay/checkout/${id}`);
    },
    async packCheckout(request) {
      const id = await openSession({
        userId: request.userId,
        customerId: request.customerId,
        mode: "payment",
        priceId: request.priceId,
      });
      return url(`/testpay/checkout/${id}`);
    },
    async manageSubscriptionUrl(customerId) {
      return url(`/testpay/manage/${await openSession({ customerId, mode: "manage" })}`);
    },
    async manageCustomerUrl(customerId) {
      return url(`/testpay/manage/${await openSession({ customerId, mode: "manage" })}#payment-method`);
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await changeSubscription(subscriptionId, { cancelAtPeriodEnd: cancel });
    },
    async cancelNow(subscriptionId) {
      await changeSubscription(subscriptionId, { status: "canceled", cancelAtPeriodEnd: false }, true);
    },
    async switchPlan(subscriptionId, priceId) {
      await changeSubscription(subscriptionId, { priceId, currentPeriodEnd: periodEnd(priceId) });
    },
    verifyEvent(rawBody, headers) {
      return verifyTestEvent(secret, rawBody, headers[TEST_SIGNATURE_HEADER]);
    },

    async session(id) {
      const [row] = await db.select().from(testpaySessions).where(eq(testpaySessions.id, id));
      if (!row) throw notFound("This checkout page does not exist (or has expired).");
      return row;
    },
    subscriptionsOf: (customerId) =>
      db.select().from(testpaySubscriptions).where(eq(testpaySubscriptions.customerId, customerId)),

    async pay(sessionId, chosenPriceId) {
      const session = await provider.session(sessionId);
      const priceId = session.priceId ?? chosenPriceId;
      const subscriptionPrice = SUBSCRIPTION_PRICES.find((p) => p.id === priceId);
      const pack = PACK_PRICES.find((p) => p.id === priceId);
      const price = session.mode === "subscription" ? subscriptionPrice : pack;
      if (!price || !priceId) throw notFound("Pick one of the offers first.");
      // Paid once: a second click (or a replayed form) finds the session paid already.
      const paid = await db
        .update(testpaySessions)
        .set({ status: "paid", priceId })
        .where(and(eq(testpaySessions.id, sessionId), eq(testpaySessions.status, "open")))
        .returning({ id: testpaySessions.id });
      const kind = session.mode === "subscription" ? "subscription" : "neonbits";
      const success = url(`/payment/${kind}/success?session_id=${sessionId}`);
      if (paid.length === 0) return { url: success };
      const now = new Date();
      const checkout: PaymentEvent = {
        id: newId("evt"),
        type: "checkout.completed",
        checkout: {
          id: sessionId,
          mode: session.mode === "subscription" ? "subscription" : "payment",
          userId: session.userId,
          customerId: session.customerId,
          priceId,
          amount: price.amount,
          currency: price.currency,
          paid: true,
          occurredAt: now,
        },
      };
      const events: PaymentEvent[] = [checkout];
      if (subscriptionPrice) {
        const [row] = await db
          .insert(testpaySubscriptions)
          .values({
            id: newId("sub"),
            customerId: session.customerId,
            userId: session.userId,
            priceId,
            status: "active",
            currentPeriodEnd: periodEnd(priceId, now.getTime()),
          })
          .returning();
        if (row) events.push(announce(row));
        events.push({
          id: newId("evt"),
          type: "invoice.paid",
          invoice: {
            id: newId("in"),
            customerId: session.customerId,
            description: `NeonLab Pro (${subscriptionPrice.interval === "year" ? "yearly" : "monthly"})`,
            amount: subscriptionPrice.amount,
            currency: subscriptionPrice.currency,
            url: null,
            paidAt: now,
          },
        });
      }
      await deliver(events);
      return { url: success };
    },

    async cancelCheckout(sessionId) {
      const session = await provider.session(sessionId);
      await db
        .update(testpaySessions)
        .set({ status: "cancelled" })
        .where(and(eq(testpaySessions.id, sessionId), eq(testpaySessions.status, "open")));
      const kind = session.mode === "subscription" ? "subscription" : "neonbits";
      return { url: url(`/payment/${kind}/cancel`) };
    },
  };
  return provider;
}

export const packLabel = (priceId: string | null) => {
  const pack = PACK_PRICES.find((p) => p.id === priceId);
  return pack ? formatNeonBits(pack.neonbits) : null;
};
