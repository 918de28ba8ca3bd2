// What other features use of payments: checkout, the products on sale and Settings → Subscription.
export { startPackCheckout, startSubscriptionCheckout } from "./api/checkout.ts";
export { subscriptionQuery, useCurrencyProduct, useSubscriptionProduct } from "./api/payments.ts";
export { SubscriptionSettings } from "./lazy.tsx";
