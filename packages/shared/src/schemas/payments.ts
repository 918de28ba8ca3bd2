import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "./payment-rules.ts";

// Payments (spec §7 `stripe/*`): the shapes are the same with Stripe and with the built-in test provider.
// Amounts are in the currency's minor unit (cents); instants are ISO 8601.

export * from "./payment-rules.ts";

export const subscriptionPriceSchema = z.object({
  id: z.string(),
  interval: z.enum(["month", "year"]),
  amount: z.number().int(),
  currency: z.string(),
  /** What one month costs on this plan (the yearly price divided by 12, rounded). */
  monthly_amount: z.number().int(),
  /** Percent saved against paying monthly for a year (0 for the monthly plan). */
  saving_percent: z.number().int(),
});
export type SubscriptionPrice = z.infer<typeof subscriptionPriceSchema>;

export const subscriptionProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** What Pro unlocks, one line each. */
  features: z.array(z.string()),
  prices: z.array(subscriptionPriceSchema),
});
export type SubscriptionProduct = z.infer<typeof subscriptionProductSchema>;

export const currencyPriceSchema = z.object({
  id: z.string(),
  neonbits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
});
export type CurrencyPrice = z.infer<typeof currencyPriceSchema>;

export const currencyProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  prices: z.array(currencyPriceSchema),
});
export type CurrencyProduct = z.infer<typeof currencyProductSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  price_id: z.string(),
  interval: z.enum(["month", "year"]).nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  /** When the current period ends: the renewal date, or the end of access after cancelling. */
  current_period_end: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionAnswerSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  has_access: z.boolean(),
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

export const sessionUrlSchema = z.object({ url: z.string() });
export type SessionUrl = z.infer<typeof sessionUrlSchema>;

export const billingItemSchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  invoice_url: z.string().nullable(),
});
export type BillingItem = z.infer<typeof billingItemSchema>;

const priceId = z
  .string({ error: "priceId is required" })
  .trim()
  .min(1, "priceId is required")
  .max(200, "priceId is at most 200 characters");

export const createSubscriptionSessionSchema = z.object({ priceId });
export const currencySessionQuerySchema = z.object({ priceId: priceId.optional() });

export const subscriptionMessageSchema = z.object({ message: z.string() });
