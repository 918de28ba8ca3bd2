import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  billingItemSchema,
  createSubscriptionSessionSchema,
  currencyProductSchema,
  currencySessionQuerySchema,
  sessionUrlSchema,
  subscriptionAnswerSchema,
  subscriptionMessageSchema,
  subscriptionProductSchema,
} from "@neonlab/shared/schemas/payments";
import { requireUser } from "../../session-guards.ts";
import { badRequest } from "../../errors.ts";
import { acceptRawBody, type ModuleOptions } from "../../lib/plugin-scope.ts";
import { InvalidSignature } from "./provider.ts";
import { paymentProvider } from "./provider-choice.ts";
import { checkouts } from "./checkout-service.ts";
import { billingHistory, subscriptionAnswer } from "./service.ts";
import { testProviderPages } from "./test-provider-pages.ts";

/** spec §7 `stripe/*`: products, checkout and manage sessions, cancel/reactivate, billing history, the webhook. */
export async function paymentRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const { db, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["payments"];
  // Concatenated, not URL-parsed: Stripe needs `{CHECKOUT_SESSION_ID}` as written.
  const page = (path: string) => `${new URL(config.PUBLIC_URL).origin}${path}`;

  const { provider, test, receive } = await paymentProvider(ctx);
  const checkout = checkouts(db, provider, page);

  r.get(
    "/api/stripe/subscription-product",
    {
      config: { auth: "public" },
      schema: {
        tags,
        operationId: "getSubscriptionProduct",
        summary: "NeonLab Pro: what it unlocks and its prices (monthly, yearly)",
        response: { 200: subscriptionProductSchema },
      },
    },
    async () => provider.subscriptionProduct(),
  );
  r.get(
    "/api/stripe/currency-product",
    {
      config: { auth: "public" },
      schema: {
        tags,
        operationId: "getCurrencyProduct",
        summary: "NeonBits packs and their prices",
        response: { 200: currencyProductSchema },
      },
    },
    async () => provider.currencyProduct(),
  );
  r.get(
    "/api/stripe/subscription",
    {
      schema: {
        tags,
        operationId: "getSubscription",
        summary: "Own subscription (null without one) and whether the caller has access",
        response: { 200: subscriptionAnswerSchema },
      },
    },
    async (request) => subscriptionAnswer(db, requireUser(request).id, await provider.subscriptionProduct()),
  );

  r.post(
    "/api/stripe/create-subscription-session",
    {
      schema: {
        tags,
        operationId: "createSubscriptionSession",
        summary: "A checkout page URL for the chosen Pro plan",
        body: createSubscriptionSessionSchema,
        response: { 200: sessionUrlSchema },
      },
    },
    async (request) => ({ url: await checkout.subscription(requireUser(request), request.body.priceId) }),
  );

  r.get(
    "/api/stripe/currency-session",
    {
      schema: {
        tags,
        operationId: "getCurrencySession",
        summary: "A checkout page URL for a NeonBits pack (priceId names it; without it the page offers all three)",
        querystring: currencySessionQuerySchema,
        response: { 200: sessionUrlSchema },
      },
    },
    async (request) => ({ url: await checkout.pack(requireUser(request), request.query.priceId ?? null) }),
  );

  r.get(
    "/api/stripe/update-subscription-session",
    {
      schema: {
        tags,
        operationId: "getUpdateSubscriptionSession",
        summary: "A provider page URL to change the plan, cancel or reactivate",
        response: { 200: sessionUrlSchema },
      },
    },
    async (request) => ({ url: await checkout.manageSubscription(requireUser(request).id) }),
  );
  r.get(
    "/api/stripe/update-customer-session",
    {
      schema: {
        tags,
        operationId: "getUpdateCustomerSession",
        summary: "A provider page URL to change the payment method and billing details",
        response: { 200: sessionUrlSchema },
      },
    },
    async (request) => ({ url: await checkout.manageCustomer(requireUser(request).id) }),
  );

  const cancelOrReactivate = (cancel: boolean) => async (request: Parameters<typeof requireUser>[0]) =>
    checkout.setCancelAtPeriodEnd(requireUser(request).id, cancel);
  r.patch(
    "/api/stripe/cancel-subscription",
    {
      schema: {
        tags,
        operationId: "cancelSubscription",
        summary: "Cancel the subscription at the end of the period (access stays until then)",
        response: { 200: subscriptionMessageSchema },
      },
    },
    cancelOrReactivate(true),
  );
  r.patch(
    "/api/stripe/reactivate-subscription",
    {
      schema: {
        tags,
        operationId: "reactivateSubscription",
        summary: "Undo a cancellation before the period ends",
        response: { 200: subscriptionMessageSchema },
      },
    },
    cancelOrReactivate(false),
  );

  r.get(
    "/api/stripe/billing-history",
    {
      schema: {
        tags,
        operationId: "getBillingHistory",
        summary: "Own invoices and NeonBits purchases, newest first",
        response: { 200: z.array(billingItemSchema) },
      },
    },
    async (request) => billingHistory(db, requireUser(request).id),
  );

  // The webhook: the raw body in its own scope, so the signature is checked over the exact bytes.
  await app.register(async (scope) => {
    acceptRawBody(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/stripe/webhook",
      {
        config: { auth: "public" },
        bodyLimit: 512 * 1024,
        schema: {
          tags,
          operationId: "receivePaymentEvent",
          summary: "Payment provider events (signed; Stripe's or the test provider's)",
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const result = await receive(raw, request.headers);
          return { received: true as const, duplicate: result === "duplicate" };
        } catch (error) {
          if (error instanceof InvalidSignature) throw badRequest(error.message);
          throw error;
        }
      },
    );
  });

  if (test) await app.register((scope) => testProviderPages(scope, test, config.isProduction));
}
