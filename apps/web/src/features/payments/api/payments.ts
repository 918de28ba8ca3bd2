import type {
  BillingItem,
  CurrencyProduct,
  SessionUrl,
  SubscriptionAnswer,
  SubscriptionProduct,
} from "@neonlab/shared/schemas/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

// spec §7 `stripe/*`. The session URLs are opened as the provider's page (Stripe's, or the built-in
// test provider's); the GET session calls are not retried (spec §7), the POST carries an Idempotency-Key.

export const subscriptionProductQuery = () =>
  queryOptions({
    queryKey: queryKeys.payments.subscriptionProduct(),
    ...getQuery<SubscriptionProduct>("stripe/subscription-product"),
    staleTime: 5 * 60_000,
  });
export const currencyProductQuery = () =>
  queryOptions({
    queryKey: queryKeys.payments.currencyProduct(),
    ...getQuery<CurrencyProduct>("stripe/currency-product"),
    staleTime: 5 * 60_000,
  });
export const subscriptionQuery = () =>
  queryOptions({ queryKey: queryKeys.payments.subscription(), ...getQuery<SubscriptionAnswer>("stripe/subscription") });
export const billingHistoryQuery = () =>
  queryOptions({
    queryKey: queryKeys.payments.billingHistory(),
    ...getQuery<BillingItem[]>("stripe/billing-history"),
  });

export const useSubscriptionProduct = () => useQuery(subscriptionProductQuery());
export const useCurrencyProduct = () => useQuery(currencyProductQuery());

export const createSubscriptionSession = (priceId: string) =>
  api<SessionUrl>("stripe/create-subscription-session", { method: "POST", body: { priceId } });
export const currencySession = (priceId?: string) => api<SessionUrl>("stripe/currency-session", { query: { priceId } });
export const updateSubscriptionSession = () => api<SessionUrl>("stripe/update-subscription-session");
export const updateCustomerSession = () => api<SessionUrl>("stripe/update-customer-session");
export const cancelSubscription = () => api<{ message: string }>("stripe/cancel-subscription", { method: "PATCH" });
export const reactivateSubscription = () =>
  api<{ message: string }>("stripe/reactivate-subscription", { method: "PATCH" });

/** Leaves for the provider's page. */
export function openProviderPage(url: string) {
  window.location.assign(url);
}
