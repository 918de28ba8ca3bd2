import { MESSAGES } from "@neonlab/shared/messages";
import { isManagedSubscription } from "@neonlab/shared/schemas/payments";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict } from "../../errors.ts";
import type { PaymentProvider } from "./provider.ts";
import { currentSubscription, customerOf, saveCustomer } from "./service.ts";

type Buyer = { id: string; email: string };

/**
 * What a signed-in user asks of the payment provider: checkout pages for Pro and for NeonBits packs, the
 * provider's pages to manage the plan or the payment method, and cancel or reactivate at the period's end —
 * each with the rule that says when it may. `page` turns an app path into the absolute URL the provider
 * sends the browser back to.
 */
export function checkouts(db: Db, provider: PaymentProvider, page: (path: string) => string) {
  async function customerFor(user: Buyer) {
    const existing = await customerOf(db, user.id);
    if (existing) return existing;
    return saveCustomer(db, user.id, await provider.ensureCustomer(user, null), provider.name);
  }

  /** The user's subscription while it is theirs to manage (MANAGED_SUBSCRIPTION_STATUSES), else null. */
  async function managedSubscriptionOf(userId: string) {
    const current = await currentSubscription(db, userId);
    return current && isManagedSubscription(current.status) ? current : null;
  }

  async function managedSubscription(userId: string, missing: string) {
    const current = await managedSubscriptionOf(userId);
    if (!current) throw conflict(missing);
    return current;
  }

  return {
    /** A checkout page for a Pro plan; one Pro at a time. */
    async subscription(user: Buyer, priceId: string) {
      const product = await provider.subscriptionProduct();
      if (!product.prices.some((p) => p.id === priceId))
        throw badRequest("That plan does not exist. Pick a plan on the pricing page.");
      if (await managedSubscriptionOf(user.id))
        throw conflict("You already have NeonLab Pro. Change your plan in Settings → Subscription.");
      return provider.subscriptionCheckout({
        userId: user.id,
        email: user.email,
        customerId: await customerFor(user),
        priceId,
        successUrl: page("/payment/subscription/success?session_id={CHECKOUT_SESSION_ID}"),
        cancelUrl: page("/payment/subscription/cancel"),
      });
    },

    /** A checkout page for one NeonBits pack, or (priceId null) all three. */
    async pack(user: Buyer, priceId: string | null) {
      if (priceId && !(await provider.currencyProduct()).prices.some((p) => p.id === priceId))
        throw badRequest("That NeonBits pack does not exist. Pick one of the packs.");
      return provider.packCheckout({
        userId: user.id,
        email: user.email,
        customerId: await customerFor(user),
        priceId,
        successUrl: page("/payment/neonbits/success?session_id={CHECKOUT_SESSION_ID}"),
        cancelUrl: page("/payment/neonbits/cancel"),
      });
    },

    /** The provider's page to change the plan, cancel or reactivate. */
    async manageSubscription(userId: string) {
      const current = await managedSubscription(
        userId,
        "You have no subscription to change. Pick a plan on the pricing page.",
      );
      return provider.manageSubscriptionUrl(current.customerId, page("/settings?tab=subscription"));
    },

    /** The provider's page to change the payment method and billing details. */
    async manageCustomer(userId: string) {
      const customerId = await customerOf(db, userId);
      if (!customerId) throw conflict("You have no payment method yet: it is saved with your first purchase.");
      return provider.manageCustomerUrl(customerId, page("/settings?tab=subscription"));
    },

    /** Cancels at the period's end (access stays until then), or undoes that; the spec's message. */
    async setCancelAtPeriodEnd(userId: string, cancel: boolean) {
      const current = await managedSubscription(userId, "You have no active subscription.");
      if (current.cancelAtPeriodEnd === cancel)
        throw conflict(cancel ? "Your subscription is already cancelled." : "Your subscription is not cancelled.");
      await provider.setCancelAtPeriodEnd(current.id, cancel);
      return { message: cancel ? MESSAGES.subscriptionCancelled : MESSAGES.subscriptionReactivated };
    },
  };
}
