import { resolve } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BillingItem, SubscriptionAnswer, SubscriptionProduct } from "@neonlab/shared/schemas/payments";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, deleteOwnAccount } from "../../test/users.ts";
import { FIXTURE_DIR, importFixtures } from "../learning/test-helpers.ts";
import { getNeonBitsBalance } from "../wallet/service.ts";
import { subscriptions, testpaySubscriptions } from "./schema.ts";
import { buyPack, pathOf, pressCheckout, subscribe } from "./test-helpers.ts";

// The whole subscription and pack path through the built-in test provider: checkout page → signed
// events → the webhook handler → has_access, NeonBits, billing history (PGlite, or PostgreSQL with
// TEST_DATABASE_URL).

const app = await createTestApp({ env: { CONTENT_DIR: FIXTURE_DIR, WEB_DIST: resolve(import.meta.dirname, "none") } });
await importFixtures(app.ctx);

const get = (url: string, headers?: { authorization: string }) => app.inject({ method: "GET", url, headers });
const subscriptionOf = async (headers: { authorization: string }) =>
  (await get("/api/stripe/subscription", headers)).json() as SubscriptionAnswer;
const premiumLesson = "/api/courses/neon-pro/lessons/expert";

describe("products", () => {
  it("lists Pro monthly and yearly with the yearly saving, and three NeonBits packs", async () => {
    const product = (await get("/api/stripe/subscription-product")).json() as SubscriptionProduct;
    expect(product.prices.map((p) => p.interval)).toEqual(["month", "year"]);
    expect(product.prices[1]?.saving_percent).toBeGreaterThan(0);
    expect(product.features.length).toBeGreaterThan(0);
    const packs = (await get("/api/stripe/currency-product")).json() as { prices: { neonbits: number }[] };
    expect(packs.prices.map((p) => p.neonbits)).toEqual([500, 1200, 2600]);
  });
});

describe("subscription through the test provider", () => {
  it("grants access on the provider's events, keeps it after cancelling, and reactivates", async () => {
    const user = await createUser(app);
    expect((await get(premiumLesson, user.headers)).statusCode).toBe(403);
    expect((await subscriptionOf(user.headers)).subscription).toBeNull();

    const checkout = await app.inject({
      method: "POST",
      url: "/api/stripe/create-subscription-session",
      headers: user.headers,
      payload: { priceId: "price_pro_yearly" },
    });
    const { url } = checkout.json() as { url: string };
    const pageHtml = await get(pathOf(url));
    expect(pageHtml.body).toContain("TEST MODE");
    expect(pageHtml.body).toContain("$79.99");

    // Declining changes nothing; paying sends the events and returns to the success page.
    expect((await pressCheckout(app, url, "decline")).body).toContain("declined");
    expect((await subscriptionOf(user.headers)).has_access).toBe(false);
    const paid = await pressCheckout(app, url, "pay");
    expect(paid.headers.location).toMatch(/\/payment\/subscription\/success/);

    const active = await subscriptionOf(user.headers);
    expect(active).toMatchObject({ has_access: true, subscription: { status: "active", interval: "year" } });
    // The same sign-in now opens the premium lesson, and the profile says so.
    expect((await get(premiumLesson, user.headers)).statusCode).toBe(200);
    expect((await get("/api/profile", user.headers)).json()).toMatchObject({ has_access: true });

    const history = (await get("/api/stripe/billing-history", user.headers)).json() as BillingItem[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ description: "NeonLab Pro (yearly)", amount: 7999, status: "paid" });

    // A second Pay on the same page is not a second subscription.
    await pressCheckout(app, url, "pay");
    expect(await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);

    const again = await app.inject({
      method: "POST",
      url: "/api/stripe/create-subscription-session",
      headers: user.headers,
      payload: { priceId: "price_pro_monthly" },
    });
    expect(again.statusCode).toBe(409);

    const cancel = await app.inject({ method: "PATCH", url: "/api/stripe/cancel-subscription", headers: user.headers });
    expect(cancel.json()).toEqual({ message: "Subscription cancelled successfully" });
    const cancelled = await subscriptionOf(user.headers);
    expect(cancelled).toMatchObject({ has_access: true, subscription: { cancel_at_period_end: true } });
    expect((await get(premiumLesson, user.headers)).statusCode).toBe(200);
    const twice = await app.inject({ method: "PATCH", url: "/api/stripe/cancel-subscription", headers: user.headers });
    expect(twice.statusCode).toBe(409);
    // The learner is told when it ends: the date as data (ISO, formatted by the web in the user's zone and locale).
    const noticesOf = async () =>
      (
        (await get("/api/notifications", user.headers)).json() as {
          items: { kind: string; data: Record<string, unknown> }[];
        }
      ).items
        .filter((n) => n.kind === "subscription_changed")
        .map((n) => n.data);
    const ending = (await noticesOf()).find((d) => d.cancel_at_period_end === true);
    expect(ending).toMatchObject({
      has_access: true,
      subject_title: "NeonLab Pro",
      link: "/settings?tab=subscription",
    });
    expect(ending?.period_end).toBe(cancelled.subscription?.current_period_end);

    const reactivate = await app.inject({
      method: "PATCH",
      url: "/api/stripe/reactivate-subscription",
      headers: user.headers,
    });
    expect(reactivate.json()).toEqual({ message: "Subscription reactivated successfully" });
    expect((await subscriptionOf(user.headers)).subscription?.cancel_at_period_end).toBe(false);

    // Reactivated, "will end on …" no longer holds: it is gone. Active again within the hour is the same news
    // as the first (one notification of a kind about the same thing an hour), which stays.
    const changes = await noticesOf();
    expect(changes.map((d) => d.cancel_at_period_end)).toEqual([false]);
    expect(changes.every((d) => d.has_access === true)).toBe(true);
  });

  it("closes premium content when the subscription is cancelled at period end and the period is over", async () => {
    const user = await createUser(app);
    await subscribe(app, user.headers);
    await app.inject({ method: "PATCH", url: "/api/stripe/cancel-subscription", headers: user.headers });
    // The period ends: the provider's own record moves to the past, and announces it.
    const [row] = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    if (!row) throw new Error("no subscription");
    await app.ctx.db
      .update(testpaySubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(testpaySubscriptions.id, row.id));
    const manage = (await get("/api/stripe/update-subscription-session", user.headers)).json() as { url: string };
    const switched = await app.inject({
      method: "POST",
      url: `${pathOf(manage.url).split("#")[0]}/card`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(switched.statusCode).toBe(303);
    // No event came (a card change), so NeonLab still holds the old end date… until the provider's deletion.
    await app.inject({ method: "PATCH", url: "/api/stripe/reactivate-subscription", headers: user.headers });
    await app.inject({ method: "PATCH", url: "/api/stripe/cancel-subscription", headers: user.headers });
    expect((await subscriptionOf(user.headers)).has_access).toBe(false);
    expect((await get(premiumLesson, user.headers)).statusCode).toBe(403);
    // Ended: the notices of earlier states (active, will end) no longer hold; only "has ended" is left.
    const notes = (await get("/api/notifications", user.headers)).json() as {
      items: { kind: string; data: Record<string, unknown> }[];
    };
    const changes = notes.items.filter((n) => n.kind === "subscription_changed").map((n) => n.data);
    expect(changes.map((d) => d.has_access)).toEqual([false]);
  });

  it("switches plan on the manage page", async () => {
    const user = await createUser(app);
    await subscribe(app, user.headers, "price_pro_monthly");
    const manage = (await get("/api/stripe/update-subscription-session", user.headers)).json() as { url: string };
    const html = (await get(pathOf(manage.url))).body;
    expect(html).toContain("Switch to NeonLab Pro (yearly)");
    const subId = (await subscriptionOf(user.headers)).subscription?.id ?? "";
    const res = await app.inject({
      method: "POST",
      url: `${pathOf(manage.url)}/switch`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `subscription=${subId}&priceId=price_pro_yearly`,
    });
    expect(res.statusCode).toBe(303);
    expect((await subscriptionOf(user.headers)).subscription?.interval).toBe("year");
  });

  it("refuses an unknown plan or pack with a message, and a user who has no subscription to manage", async () => {
    const user = await createUser(app);
    const bad = await app.inject({
      method: "POST",
      url: "/api/stripe/create-subscription-session",
      headers: user.headers,
      payload: { priceId: "price_free_forever" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("That plan does not exist. Pick a plan on the pricing page.");
    const badPack = await get("/api/stripe/currency-session?priceId=price_pro_monthly", user.headers);
    expect(badPack.statusCode).toBe(400);
    expect(badPack.json().message).toMatch(/pack does not exist/);
    expect((await get("/api/stripe/update-subscription-session", user.headers)).statusCode).toBe(409);
    expect(
      (await app.inject({ method: "PATCH", url: "/api/stripe/cancel-subscription", headers: user.headers })).statusCode,
    ).toBe(409);
  });

  it("never shows one user's subscription or billing to another", async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    await subscribe(app, owner.headers);
    expect((await subscriptionOf(other.headers)).subscription).toBeNull();
    expect((await get("/api/stripe/billing-history", other.headers)).json()).toEqual([]);
  });
});

describe("NeonBits packs", () => {
  it("grants the pack once, from the checkout-completed event only", async () => {
    const user = await createUser(app);
    const { url } = await buyPack(app, user.headers, "price_neonbits_1200");
    expect(await getNeonBitsBalance(app.ctx.db, user.id)).toBe(1200);
    await pressCheckout(app, url, "pay");
    expect(await getNeonBitsBalance(app.ctx.db, user.id)).toBe(1200);
    const history = (await get("/api/stripe/billing-history", user.headers)).json() as BillingItem[];
    expect(history.map((h) => h.description)).toEqual(["1,200 NeonBits"]);
  });

  it("offers the three packs when no pack is named, and grants the one picked", async () => {
    const user = await createUser(app);
    const { url } = (await get("/api/stripe/currency-session", user.headers)).json() as { url: string };
    const html = (await get(pathOf(url))).body;
    for (const n of ["500", "1,200", "2,600"]) expect(html).toContain(`${n} NeonBits`);
    await pressCheckout(app, url, "pay", "priceId=price_neonbits_2600");
    expect(await getNeonBitsBalance(app.ctx.db, user.id)).toBe(2600);
  });

  it("cancelling the checkout grants nothing", async () => {
    const user = await createUser(app);
    const { url } = (await get("/api/stripe/currency-session?priceId=price_neonbits_500", user.headers)).json() as {
      url: string;
    };
    const res = await pressCheckout(app, url, "cancel");
    expect(res.headers.location).toMatch(/\/payment\/neonbits\/cancel$/);
    expect(await getNeonBitsBalance(app.ctx.db, user.id)).toBe(0);
  });
});

describe("the webhook", () => {
  it("answers 400 with a message for a missing or bad signature, and applies nothing", async () => {
    const payload = JSON.stringify({ id: "evt_forged", type: "other", name: "x" });
    const missing = await app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      payload,
      headers: { "content-type": "application/json" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("The webhook signature is missing.");
    const forged = await app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      payload,
      headers: {
        "content-type": "application/json",
        "testpay-signature": `t=${Math.floor(Date.now() / 1000)},v1=00ff`,
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("The webhook signature is invalid.");
  });
});

describe("account deletion", () => {
  it("cancels the subscription at the provider at once and keeps the billing record without the person", async () => {
    const user = await createUser(app);
    await subscribe(app, user.headers);
    const [sub] = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    if (!sub) throw new Error("no subscription");
    const res = await deleteOwnAccount(app, user);
    expect(res.statusCode).toBe(200);
    let status = "";
    for (let i = 0; i < 100 && status !== "canceled"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const [row] = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
      status = row?.status ?? "";
      expect(row?.userId).toBeNull();
    }
    expect(status).toBe("canceled");
    const [provider] = await app.ctx.db.select().from(testpaySubscriptions).where(eq(testpaySubscriptions.id, sub.id));
    expect(provider).toMatchObject({ status: "canceled", userId: null });
  });
});
