import { expect } from "vitest";
import { EXPECT, jsonOf, type MatrixCase, type RouteEntry } from "./types.ts";

const { all, signedIn } = EXPECT;

/** Only the paying actor (an active subscription through the test provider) gets `owner`; other signed-in callers `others`. */
const payingOnly = (owner: number, others: number) => ({ ...signedIn(others), paying: owner });

const sessionUrl: MatrixCase["check"] = (_ctx, _actor, res) => {
  expect(String(jsonOf(res).url)).toMatch(/^http:\/\/localhost:3000\/testpay\/(checkout|manage)\//);
};

/** Authorization matrix rows of the payments module (test/authz-matrix.ts). Order matters: a session creates a customer. */
export const PAYMENT_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/stripe/subscription-product",
    access: "public",
    cases: [
      {
        name: "Pro and its prices",
        request: () => ({ method: "GET", url: "/api/stripe/subscription-product" }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/stripe/currency-product",
    access: "public",
    cases: [
      {
        name: "the NeonBits packs",
        request: () => ({ method: "GET", url: "/api/stripe/currency-product" }),
        expect: all(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/stripe/subscription",
    access: "user",
    cases: [
      {
        name: "own subscription only",
        request: () => ({ method: "GET", url: "/api/stripe/subscription" }),
        expect: signedIn(200),
        check: (_ctx, actor, res) => {
          const body = jsonOf(res);
          if (actor === "paying") expect(body).toMatchObject({ has_access: true, subscription: { status: "active" } });
          else expect(body.subscription).toBeNull();
          expect(body.has_access).toBe(actor === "paying" || actor === "admin");
        },
      },
    ],
  },
  {
    method: "GET",
    url: "/api/stripe/update-customer-session",
    access: "user",
    cases: [
      {
        name: "a payment-method page for the own customer (none before a first purchase)",
        request: () => ({ method: "GET", url: "/api/stripe/update-customer-session" }),
        expect: payingOnly(200, 409),
        check: sessionUrl,
      },
    ],
  },
  {
    method: "GET",
    url: "/api/stripe/update-subscription-session",
    access: "user",
    cases: [
      {
        name: "a manage page for the own subscription",
        request: () => ({ method: "GET", url: "/api/stripe/update-subscription-session" }),
        expect: payingOnly(200, 409),
        check: sessionUrl,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/stripe/create-subscription-session",
    access: "user",
    cases: [
      {
        name: "a checkout page for Pro monthly (409 for the subscriber)",
        request: () => ({
          method: "POST",
          url: "/api/stripe/create-subscription-session",
          payload: { priceId: "price_pro_monthly" },
        }),
        expect: payingOnly(409, 200),
        check: sessionUrl,
      },
      {
        name: "an unknown plan",
        request: () => ({
          method: "POST",
          url: "/api/stripe/create-subscription-session",
          payload: { priceId: "price_nope" },
        }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/stripe/currency-session",
    access: "user",
    cases: [
      {
        name: "a checkout page for a pack",
        request: () => ({ method: "GET", url: "/api/stripe/currency-session?priceId=price_neonbits_500" }),
        expect: signedIn(200),
        check: sessionUrl,
      },
      {
        name: "an unknown pack",
        request: () => ({ method: "GET", url: "/api/stripe/currency-session?priceId=price_nope" }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/stripe/cancel-subscription",
    access: "user",
    cases: [
      {
        name: "cancel the own subscription at period end",
        request: () => ({ method: "PATCH", url: "/api/stripe/cancel-subscription" }),
        expect: payingOnly(200, 409),
      },
    ],
  },
  {
    method: "PATCH",
    url: "/api/stripe/reactivate-subscription",
    access: "user",
    cases: [
      {
        name: "reactivate the own cancelled subscription",
        request: () => ({ method: "PATCH", url: "/api/stripe/reactivate-subscription" }),
        expect: payingOnly(200, 409),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/stripe/billing-history",
    access: "user",
    cases: [
      {
        name: "own invoices only",
        request: () => ({ method: "GET", url: "/api/stripe/billing-history" }),
        expect: signedIn(200),
        check: (_ctx, actor, res) => {
          expect((res.json() as unknown[]).length).toBe(actor === "paying" ? 1 : 0);
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/stripe/webhook",
    access: "public",
    note: "Anyone may call it; only a valid provider signature has an effect (payments.test.ts, stripe-provider.test.ts).",
    cases: [
      {
        name: "an unsigned event",
        request: () => ({
          method: "POST",
          url: "/api/stripe/webhook",
          payload: { id: "evt_unsigned", type: "other", name: "x" },
        }),
        expect: all(400),
      },
    ],
  },
];
