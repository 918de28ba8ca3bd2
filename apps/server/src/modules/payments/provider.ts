import type { CurrencyProduct, SubscriptionProduct } from "@neonlab/shared/schemas/payments";

// The one interface both payment providers implement (Stripe: stripe-provider.ts; the built-in test
// provider: test-provider.ts). Routes and the webhook handler only ever see this.

/** A subscription as the provider announces it. */
export type SubscriptionState = {
  id: string;
  customerId: string;
  /** From the provider's metadata when it has it; otherwise the customer's user is used. */
  userId: string | null;
  priceId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
};

/** A verified provider event in NeonLab's terms. `version` orders a subscription's announcements. */
export type PaymentEvent =
  | {
      id: string;
      type: "checkout.completed";
      checkout: {
        id: string;
        mode: "subscription" | "payment";
        userId: string | null;
        customerId: string | null;
        /** The pack bought (payment mode). */
        priceId: string | null;
        /** Every price bought and how many (Stripe's line items, when the buyer added optional packs). */
        items?: { priceId: string; quantity: number }[];
        amount: number;
        currency: string;
        paid: boolean;
        occurredAt: Date;
      };
    }
  | {
      id: string;
      type: "subscription.updated" | "subscription.deleted";
      version: number;
      subscription: SubscriptionState;
    }
  | {
      id: string;
      type: "invoice.paid";
      invoice: {
        id: string;
        customerId: string;
        description: string;
        amount: number;
        currency: string;
        url: string | null;
        paidAt: Date;
      };
    }
  /** Anything else the provider sends: acknowledged, recorded, no effect. */
  | { id: string; type: "other"; name: string };

export type CheckoutRequest = {
  userId: string;
  email: string;
  customerId: string | null;
  priceId: string | null;
  successUrl: string;
  cancelUrl: string;
};

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  subscriptionProduct(): Promise<SubscriptionProduct>;
  currencyProduct(): Promise<CurrencyProduct>;
  /** The customer id of this user at the provider, created when missing. */
  ensureCustomer(user: { id: string; email: string }, existing: string | null): Promise<string>;
  /** A checkout page URL for a subscription (priceId checked by the caller). */
  subscriptionCheckout(request: CheckoutRequest & { customerId: string; priceId: string }): Promise<string>;
  /** A checkout page URL for a NeonBits pack; without priceId the page offers every pack. */
  packCheckout(request: CheckoutRequest & { customerId: string }): Promise<string>;
  /** A page where the customer manages the subscription (cancel, reactivate, switch plan). */
  manageSubscriptionUrl(customerId: string, returnUrl: string): Promise<string>;
  /** A page where the customer changes the payment method and billing details. */
  manageCustomerUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Cancels at period end (true) or undoes that (false); the provider announces the change by event. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends the subscription now (account deletion). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** The line items of a paid checkout, when the event does not carry them (Stripe). */
  checkoutItems?(checkoutId: string): Promise<{ priceId: string; quantity: number }[]>;
  /** Verifies the signature over the raw body and translates the event; throws InvalidSignature. */
  verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}

export class InvalidSignature extends Error {}

/** Seconds a signed event stays acceptable (Stripe's default, used by both providers). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
