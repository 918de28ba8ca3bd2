import { expect } from "vitest";
import type { App } from "../../app.ts";

/** The path of a provider page URL (the test provider's pages are served by the app itself). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Presses a button of the test provider's checkout page ("pay", "decline", "cancel"). */
export async function pressCheckout(app: App, url: string, button: "pay" | "decline" | "cancel", form = "") {
  return app.inject({
    method: "POST",
    url: `${pathOf(url)}/${button}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form,
  });
}

/** Subscribes the user to Pro through the test provider's checkout page, as a browser would. */
export async function subscribe(app: App, headers: { authorization: string }, priceId = "price_pro_monthly") {
  const session = await app.inject({
    method: "POST",
    url: "/api/stripe/create-subscription-session",
    headers,
    payload: { priceId },
  });
  expect(session.statusCode, session.body).toBe(200);
  const { url } = session.json() as { url: string };
  const paid = await pressCheckout(app, url, "pay");
  expect(paid.statusCode, paid.body).toBe(303);
  return { url, redirect: String(paid.headers.location) };
}

/** Buys a NeonBits pack through the test provider's checkout page. */
export async function buyPack(app: App, headers: { authorization: string }, priceId = "price_neonbits_1200") {
  const session = await app.inject({ method: "GET", url: `/api/stripe/currency-session?priceId=${priceId}`, headers });
  expect(session.statusCode, session.body).toBe(200);
  const { url } = session.json() as { url: string };
  const paid = await pressCheckout(app, url, "pay");
  expect(paid.statusCode, paid.body).toBe(303);
  return { url };
}
