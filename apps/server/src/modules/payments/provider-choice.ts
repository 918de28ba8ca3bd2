import { isLoopbackHost } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import type { PaymentProvider } from "./provider.ts";
import { createTestProvider, type TestProvider } from "./test-provider.ts";
import { applyPaymentEvent } from "./webhook.ts";

type Headers = Record<string, string | string[] | undefined>;

/** The app's payment provider, with the built-in test provider's pages to serve when it is the one. */
export type ChosenProvider = {
  provider: PaymentProvider;
  test?: TestProvider;
  /** Checks a provider event's signature over its exact bytes and applies it once. */
  receive: (rawBody: Buffer, headers: Headers) => ReturnType<typeof applyPaymentEvent>;
};

const chosen = new WeakMap<AppContext, Promise<ChosenProvider>>();

/** The provider in use, made once per app: the routes and the cancel-subscription job share it. */
export function paymentProvider(ctx: AppContext): Promise<ChosenProvider> {
  const made = chosen.get(ctx) ?? choose(ctx);
  chosen.set(ctx, made);
  return made;
}

async function choose(ctx: AppContext): Promise<ChosenProvider> {
  async function receive(rawBody: Buffer, headers: Headers) {
    let event = provider.verifyEvent(rawBody, headers);
    const packs = event.type === "checkout.completed" ? (await provider.currencyProduct()).prices : [];
    // A pack checkout at Stripe may hold optional packs too: what was bought is in its line items.
    if (event.type === "checkout.completed" && event.checkout.mode === "payment" && provider.checkoutItems)
      event = { ...event, checkout: { ...event.checkout, items: await provider.checkoutItems(event.checkout.id) } };
    return applyPaymentEvent({ db: ctx.db, transaction: ctx.transaction }, provider.name, event, packs);
  }
  const { provider, test } = await chooseProvider(ctx, receive);
  return { provider, test, receive };
}

/**
 * Stripe when both keys are set, else the built-in test provider. The Stripe SDK (~220 modules) is loaded
 * only when it is configured.
 */
async function chooseProvider(
  ctx: AppContext,
  receive: (raw: Buffer, headers: Record<string, string>) => Promise<unknown>,
): Promise<{ provider: PaymentProvider; test?: TestProvider }> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = ctx.config;
  if (STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET) {
    const api = STRIPE_API_URL ? new URL(STRIPE_API_URL) : null;
    const endpoint = api && {
      host: api.hostname,
      port: Number(api.port) || (api.protocol === "http:" ? 80 : 443),
      protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
    };
    const keys = { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET };
    const { createStripeProvider } = await import("./stripe-provider.ts");
    return { provider: createStripeProvider({ ...keys, ...endpoint }) };
  }
  // Anyone reaching such a server gets Pro and NeonBits without paying: say so where operators look.
  if (ctx.config.isProduction || !isLoopbackHost(ctx.config.HOST))
    ctx.log.warn(
      'payments: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set, so the built-in TEST provider takes payments (Pro and NeonBits without charge); see "Payments" in README.md',
    );
  const test = createTestProvider({
    db: ctx.db,
    publicUrl: ctx.config.PUBLIC_URL,
    authSecret: ctx.config.authSecret,
    receive,
    onDeliveryError: (error) => ctx.log.error({ err: error }, "test provider: event delivery failed"),
  });
  return { provider: test as PaymentProvider, test };
}
