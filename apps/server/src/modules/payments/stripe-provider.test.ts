import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import type { BillingItem, SubscriptionAnswer, SubscriptionProduct } from "@neonlab/shared/schemas/payments";
import { createTestApp } from "../../test/test-app.ts";
import { createUser } from "../../test/users.ts";
import { getNeonBitsBalance } from "../wallet/service.ts";

// The Stripe adapter against recorded event fixtures (fixtures/stripe-events.json), signed here with the
// SDK's own test-header helper, and against a local fake of the few API calls it makes: no network.

const WEBHOOK_SECRET = "whsec_neonlab_fixture_secret";
const requests: { method: string; path: string; body: string }[] = [];
const price = (id: string, lookup: string, amount: number, recurring: "month" | "year" | null) => ({
  id,
  object: "price",
  active: true,
  currency: "usd",
  lookup_key: lookup,
  unit_amount: amount,
  recurring: recurring ? { interval: recurring, interval_count: 1 } : null,
  type: recurring ? "recurring" : "one_time",
});
const PRICES = [
  price("price_1QfixtureMonthly", "neonlab_pro_monthly", 999, "month"),
  price("price_1QfixtureYearly", "neonlab_pro_yearly", 7999, "year"),
  price("price_1QfixturePack500", "neonlab_neonbits_500", 499, null),
  price("price_1QfixturePack1200", "neonlab_neonbits_1200", 999, null),
  price("price_1QfixturePack2600", "neonlab_neonbits_2600", 1999, null),
];

const fake = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => {
    body += c;
  });
  req.on("end", () => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    requests.push({ method: req.method ?? "", path, body });
    const json = (data: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(data));
    if (path === "/v1/prices") return json({ object: "list", data: PRICES, has_more: false, url: "/v1/prices" });
    if (path === "/v1/customers") return json({ id: `cus_fake_${requests.length}`, object: "customer" });
    if (path.endsWith("/line_items")) {
      const item = (id: string, quantity: number) => ({
        id: `li_${id}`,
        object: "item",
        price: PRICES.find((p) => p.id === id),
        quantity,
      });
      const many = path.includes("QfixtureMany");
      const data = many
        ? [item("price_1QfixturePack1200", 1), item("price_1QfixturePack500", 2)]
        : [item("price_1QfixturePack1200", 1)];
      return json({ object: "list", data, has_more: false, url: path });
    }
    if (path === "/v1/checkout/sessions")
      return json({
        id: "cs_test_new",
        object: "checkout.session",
        url: "https://checkout.stripe.com/c/pay/cs_test_new",
      });
    if (path === "/v1/billing_portal/sessions")
      return json({
        id: "bps_1",
        object: "billing_portal.session",
        url: "https://billing.stripe.com/p/session/test_1",
      });
    if (path.startsWith("/v1/subscriptions/")) return json({ id: path.split("/")[3], object: "subscription" });
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "no route" } }));
  });
});
await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

const app = await createTestApp({
  env: {
    WEB_DIST: resolve(import.meta.dirname, "none"),
    IMPORT_CONTENT: "false",
    STRIPE_SECRET_KEY: "sk_test_neonlab_fixture",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  },
});
const stripe = new Stripe("sk_test_unused");
const fixtures = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "fixtures/stripe-events.json"), "utf8"),
) as Record<string, unknown>;

function signed(name: string, userId: string, timestamp?: number, replace: Record<string, string> = {}) {
  // The recorded period ends on 1766592000; moved 30 days ahead of now so it is still running.
  const periodEnd = String(Math.floor(Date.now() / 1000) + 30 * 86_400);
  let payload = JSON.stringify(fixtures[name]).replaceAll("__USER__", userId).replaceAll("1766592000", periodEnd);
  for (const [from, to] of Object.entries(replace)) payload = payload.replaceAll(from, to);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
  return { payload, header };
}
const deliver = (name: string, userId: string, timestamp?: number, replace?: Record<string, string>) => {
  const { payload, header } = signed(name, userId, timestamp, replace);
  return app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    payload,
    headers: { "content-type": "application/json", "stripe-signature": header },
  });
};

describe("Stripe adapter", () => {
  it("reads prices by lookup key and opens Checkout with the user and plan in the metadata", async () => {
    const product = (
      await app.inject({ method: "GET", url: "/api/stripe/subscription-product" })
    ).json() as SubscriptionProduct;
    expect(product.prices.map((p) => [p.id, p.amount])).toEqual([
      ["price_1QfixtureMonthly", 999],
      ["price_1QfixtureYearly", 7999],
    ]);
    const user = await createUser(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/stripe/create-subscription-session",
      headers: user.headers,
      payload: { priceId: "price_1QfixtureMonthly" },
    });
    expect(res.json()).toEqual({ url: "https://checkout.stripe.com/c/pay/cs_test_new" });
    const created = requests.find((r) => r.path === "/v1/checkout/sessions");
    const form = new URLSearchParams(created?.body);
    expect(form.get("mode")).toBe("subscription");
    expect(form.get("client_reference_id")).toBe(user.id);
    expect(form.get("subscription_data[metadata][userId]")).toBe(user.id);
    expect(form.get("success_url")).toBe(
      "http://localhost:3000/payment/subscription/success?session_id={CHECKOUT_SESSION_ID}",
    );
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/stripe/create-subscription-session",
          headers: user.headers,
          payload: { priceId: "price_pro_monthly" },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("applies the recorded events once each: access, cancellation, invoice, pack, deletion", async () => {
    const user = await createUser(app);
    const sub = async () =>
      (
        await app.inject({ method: "GET", url: "/api/stripe/subscription", headers: user.headers })
      ).json() as SubscriptionAnswer;

    for (const name of ["checkout.session.completed.subscription", "customer.subscription.created", "invoice.paid"]) {
      expect((await deliver(name, user.id)).statusCode).toBe(200);
    }
    expect(await sub()).toMatchObject({
      has_access: true,
      subscription: { status: "active", price_id: "price_1QfixtureMonthly", interval: "month" },
    });

    expect((await deliver("customer.subscription.updated.cancel", user.id)).statusCode).toBe(200);
    expect(await sub()).toMatchObject({ has_access: true, subscription: { cancel_at_period_end: true } });
    // A repeated delivery changes nothing.
    expect((await deliver("customer.subscription.created", user.id)).json()).toEqual({
      received: true,
      duplicate: true,
    });

    const pack = await deliver("checkout.session.completed.pack", user.id);
    expect(pack.json()).toEqual({ received: true, duplicate: false });
    expect((await deliver("checkout.session.completed.pack", user.id)).json()).toEqual({
      received: true,
      duplicate: true,
    });
    expect(await getNeonBitsBalance(app.ctx.db, user.id)).toBe(1200);

    const history = (
      await app.inject({ method: "GET", url: "/api/stripe/billing-history", headers: user.headers })
    ).json() as BillingItem[];
    expect(history.map((h) => [h.description, h.invoice_url])).toEqual([
      ["1,200 NeonBits", null],
      ["1 × NeonLab Pro (at $9.99 / month)", "https://invoice.stripe.com/i/acct_fixture/test_fixture"],
    ]);

    expect((await deliver("customer.subscription.deleted", user.id)).statusCode).toBe(200);
    expect(await sub()).toMatchObject({ has_access: false, subscription: { status: "canceled" } });
  });

  it("grants every pack of a checkout with optional packs added (its line items)", async () => {
    const user = await createUser(app);
    const many = { cs_test_QfixturePack: "cs_test_QfixtureMany", evt_1QfixtureCheckoutPack: "evt_1QfixtureMany" };
    expect((await deliver("checkout.session.completed.pack", user.id, undefined, many)).statusCode).toBe(200);
    expect(await getNeonBitsBalance(app.ctx.db, user.id)).toBe(2200);
  });

  it("refuses a bad, missing or stale signature with 400 and applies nothing", async () => {
    const user = await createUser(app);
    const { payload } = signed("checkout.session.completed.pack", user.id);
    const wrong = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    for (const headers of [{ "stripe-signature": wrong }, {}]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        payload,
        headers: { "content-type": "application/json", ...headers },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/signature is (invalid|missing)/);
    }
    const stale = await deliver("checkout.session.completed.pack", user.id, Math.floor(Date.now() / 1000) - 301);
    expect(stale.statusCode).toBe(400);
    expect(await getNeonBitsBalance(app.ctx.db, user.id)).toBe(0);
  });

  it("opens the Customer Portal and cancels or reactivates through the API", async () => {
    const user = await createUser(app);
    expect(
      (await app.inject({ method: "GET", url: "/api/stripe/update-customer-session", headers: user.headers }))
        .statusCode,
    ).toBe(409);
    await app.inject({
      method: "POST",
      url: "/api/stripe/create-subscription-session",
      headers: user.headers,
      payload: { priceId: "price_1QfixtureYearly" },
    });
    const portal = await app.inject({
      method: "GET",
      url: "/api/stripe/update-customer-session",
      headers: user.headers,
    });
    expect(portal.json()).toEqual({ url: "https://billing.stripe.com/p/session/test_1" });
    expect(new URLSearchParams(requests.at(-1)?.body).get("flow_data[type]")).toBe("payment_method_update");

    const customer =
      new URLSearchParams(
        requests.find((r) => r.path === "/v1/checkout/sessions" && r.body.includes("Yearly"))?.body,
      ).get("customer") ?? "";
    const mine = {
      sub_1QfixtureNeonLab: "sub_2Qmine",
      cus_QfixtureNeonLab: customer,
      evt_1QfixtureSubCreated: "evt_2Qmine",
    };
    expect((await deliver("customer.subscription.created", user.id, undefined, mine)).statusCode).toBe(200);
    const cancel = await app.inject({ method: "PATCH", url: "/api/stripe/cancel-subscription", headers: user.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const update = requests.at(-1);
    expect(update?.path).toBe("/v1/subscriptions/sub_2Qmine");
    expect(new URLSearchParams(update?.body).get("cancel_at_period_end")).toBe("true");
  });
});
