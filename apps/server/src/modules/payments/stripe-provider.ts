import Stripe from "stripe";
import type { CurrencyProduct, SubscriptionProduct } from "@neonlab/shared/schemas/payments";
import { AppError } from "../../errors.ts";
import {
  NEONBITS_PRODUCT,
  PACK_PRICES,
  PRO_FEATURES,
  PRO_PRODUCT,
  SUBSCRIPTION_PRICES,
  withSaving,
} from "./catalog.ts";
import {
  InvalidSignature,
  type PaymentEvent,
  type PaymentProvider,
  SIGNATURE_TOLERANCE_SECONDS,
  type SubscriptionState,
} from "./provider.ts";

// Stripe (when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set): Checkout Sessions for the
// subscription and the packs, the Customer Portal to manage, webhooks verified by the SDK on the raw
// body. Prices are found by lookup key (catalog.ts; README "Payments") and cached for 5 minutes.

const CACHE_MS = 5 * 60 * 1000;

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** For tests: a local fake API (no network). */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
};

const unavailable = (error: unknown) =>
  new AppError(
    503,
    `The payment provider did not answer: ${error instanceof Error ? error.message : "unknown error"}. Try again in a moment.`,
  );

/** Translates a verified Stripe event into NeonLab's terms (exported for the recorded-fixture tests). */
export function translateStripeEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const s = event.data.object;
      return {
        id: event.id,
        type: "checkout.completed",
        checkout: {
          id: s.id,
          mode: s.mode === "subscription" ? "subscription" : "payment",
          userId: s.client_reference_id ?? s.metadata?.userId ?? null,
          customerId: typeof s.customer === "string" ? s.customer : (s.customer?.id ?? null),
          priceId: s.metadata?.priceId ?? null,
          amount: s.amount_total ?? 0,
          currency: s.currency ?? "usd",
          paid: s.payment_status === "paid" || s.payment_status === "no_payment_required",
          occurredAt: new Date(s.created * 1000),
        },
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return {
        id: event.id,
        type: event.type === "customer.subscription.deleted" ? "subscription.deleted" : "subscription.updated",
        version: event.created,
        subscription: subscriptionState(event.data.object),
      };
    case "invoice.paid": {
      const invoice = event.data.object;
      const customer = typeof invoice.customer === "string" ? invoice.customer : invoice.customer?.id;
      if (!invoice.id || !customer) return { id: event.id, type: "other", name: event.type };
      return {
        id: event.id,
        type: "invoice.paid",
        invoice: {
          id: invoice.id,
          customerId: customer,
          description: invoice.lines?.data[0]?.description ?? invoice.description ?? "NeonLab Pro",
          amount: invoice.amount_paid,
          currency: invoice.currency,
          url: invoice.hosted_invoice_url ?? null,
          paidAt: new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000),
        },
      };
    }
    default:
      return { id: event.id, type: "other", name: event.type };
  }
}

function subscriptionState(s: Stripe.Subscription): SubscriptionState {
  const item = s.items.data[0];
  return {
    id: s.id,
    customerId: typeof s.customer === "string" ? s.customer : s.customer.id,
    userId: s.metadata?.userId ?? null,
    priceId: item?.price.id ?? "",
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodEnd: new Date((item?.current_period_end ?? s.cancel_at ?? s.created) * 1000),
  };
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(options.host ? { host: options.host, port: options.port, protocol: options.protocol } : {}),
  });
  let cache: { at: number; subscription: SubscriptionProduct; currency: CurrencyProduct } | null = null;

  async function products() {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache;
    const keys = [...SUBSCRIPTION_PRICES, ...PACK_PRICES].map((p) => p.lookupKey);
    const list = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 10 }).catch((error) => {
      throw unavailable(error);
    });
    const byKey = new Map(list.data.map((p) => [p.lookup_key, p]));
    const subscription: SubscriptionProduct = {
      ...PRO_PRODUCT,
      features: PRO_FEATURES,
      prices: withSaving(
        SUBSCRIPTION_PRICES.flatMap((seed) => {
          const p = byKey.get(seed.lookupKey);
          return p ? [{ id: p.id, interval: seed.interval, amount: p.unit_amount ?? 0, currency: p.currency }] : [];
        }),
      ),
    };
    const currency: CurrencyProduct = {
      ...NEONBITS_PRODUCT,
      prices: PACK_PRICES.flatMap((seed) => {
        const p = byKey.get(seed.lookupKey);
        return p ? [{ id: p.id, neonbits: seed.neonbits, amount: p.unit_amount ?? 0, currency: p.currency }] : [];
      }),
    };
    cache = { at: Date.now(), subscription, currency };
    return cache;
  }

  const call = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  };

  return {
    name: "stripe",
    subscriptionProduct: async () => (await products()).subscription,
    currencyProduct: async () => (await products()).currency,
    async ensureCustomer(user, existing) {
      if (existing) return existing;
      const customer = await call(() => stripe.customers.create({ email: user.email, metadata: { userId: user.id } }));
      return customer.id;
    },
    async subscriptionCheckout(r) {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: "subscription",
          customer: r.customerId,
          client_reference_id: r.userId,
          line_items: [{ price: r.priceId, quantity: 1 }],
          metadata: { userId: r.userId, priceId: r.priceId },
          subscription_data: { metadata: { userId: r.userId } },
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
        }),
      );
      return session.url ?? r.cancelUrl;
    },
    async packCheckout(r) {
      const packs = (await products()).currency.prices;
      const chosen = packs.filter((p) => !r.priceId || p.id === r.priceId);
      // Without a pack named, Stripe's page offers every pack: the first, with the others as optional
      // items; the webhook reads the line items bought (checkoutItems) and grants them all.
      const [first, ...rest] = chosen;
      if (!first) throw new AppError(503, "No NeonBits packs are configured at the payment provider.");
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: "payment",
          customer: r.customerId,
          client_reference_id: r.userId,
          line_items: [{ price: first.id, quantity: 1 }],
          ...(rest.length > 0 ? { optional_items: rest.map((p) => ({ price: p.id, quantity: 1 })) } : {}),
          metadata: { userId: r.userId, priceId: first.id },
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
        }),
      );
      return session.url ?? r.cancelUrl;
    },
    async manageSubscriptionUrl(customerId, returnUrl) {
      const portal = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return portal.url;
    },
    async manageCustomerUrl(customerId, returnUrl) {
      const portal = await call(() =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          flow_data: { type: "payment_method_update" },
        }),
      );
      return portal.url;
    },
    async checkoutItems(checkoutId) {
      const items = await call(() => stripe.checkout.sessions.listLineItems(checkoutId, { limit: 10 }));
      return items.data.flatMap((item) =>
        item.price ? [{ priceId: item.price.id, quantity: item.quantity ?? 1 }] : [],
      );
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },
    async cancelNow(subscriptionId) {
      await call(() => stripe.subscriptions.cancel(subscriptionId));
    },
    verifyEvent(rawBody, headers) {
      const signature = headers["stripe-signature"];
      if (typeof signature !== "string") throw new InvalidSignature("The webhook signature is missing.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      } catch {
        throw new InvalidSignature("The webhook signature is invalid.");
      }
      return translateStripeEvent(event);
    },
  };
}
