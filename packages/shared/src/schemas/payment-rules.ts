// Subscription statuses, which of them a user manages, and money for people, apart from the payments' zod
// schemas (./payments.ts, which re-exports them): the pricing page needs only these, and zod stays off it.

export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "unpaid",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A subscription in one of these may still renew or charge: deleting the account cancels it at the provider at
 * once (payments: account-deletion.ts), and Settings says so before the account is deleted.
 */
export const LIVE_SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "unpaid",
  "incomplete",
  "paused",
] as const satisfies readonly SubscriptionStatus[];

/**
 * A subscription in one of these is the user's Pro to manage: it blocks a second checkout, and its plan,
 * cancellation and reactivation can be changed.
 */
export const MANAGED_SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
] as const satisfies readonly SubscriptionStatus[];
export const isManagedSubscription = (status: string) =>
  (MANAGED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
