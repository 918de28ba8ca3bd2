import { formatCount } from "@neonlab/shared/format";
import type { CurrencyProduct, SubscriptionProduct } from "@neonlab/shared/schemas/payments";

// The seeded products and prices (product rules "Payments"): what the test provider sells, and the
// lookup keys the Stripe adapter finds the same prices by in a Stripe account (README, "Payments").

export const PRO_FEATURES = [
  "Every premium course and lesson",
  "Premium guided projects",
  "Writing blogs for the community",
  "Support NeonLab's new content",
];

export const PRO_PRODUCT = {
  id: "prod_neonlab_pro",
  name: "NeonLab Pro",
  description: "Everything NeonLab has: every course, project and the blog editor.",
};

export const NEONBITS_PRODUCT = {
  id: "prod_neonlab_neonbits",
  name: "NeonBits",
  description: "NeonLab's currency: spend it in the shop on streak freezes and XP boosts.",
};

export const SUBSCRIPTION_PRICES = [
  { id: "price_pro_monthly", lookupKey: "neonlab_pro_monthly", interval: "month", amount: 999, currency: "usd" },
  { id: "price_pro_yearly", lookupKey: "neonlab_pro_yearly", interval: "year", amount: 7999, currency: "usd" },
] as const;

export const PACK_PRICES = [
  { id: "price_neonbits_500", lookupKey: "neonlab_neonbits_500", neonbits: 500, amount: 499, currency: "usd" },
  { id: "price_neonbits_1200", lookupKey: "neonlab_neonbits_1200", neonbits: 1200, amount: 999, currency: "usd" },
  { id: "price_neonbits_2600", lookupKey: "neonlab_neonbits_2600", neonbits: 2600, amount: 1999, currency: "usd" },
] as const;

/** Monthly equivalent and the saving against twelve monthly payments. */
export function withSaving(
  prices: { id: string; interval: "month" | "year"; amount: number; currency: string }[],
): SubscriptionProduct["prices"] {
  const monthly = prices.find((p) => p.interval === "month");
  return prices.map((p) => {
    const monthlyAmount = p.interval === "year" ? Math.round(p.amount / 12) : p.amount;
    const saving =
      p.interval === "year" && monthly ? Math.max(0, Math.round((1 - p.amount / (monthly.amount * 12)) * 100)) : 0;
    return {
      id: p.id,
      interval: p.interval,
      amount: p.amount,
      currency: p.currency,
      monthly_amount: monthlyAmount,
      saving_percent: saving,
    };
  });
}

export function seededSubscriptionProduct(): SubscriptionProduct {
  return {
    ...PRO_PRODUCT,
    features: PRO_FEATURES,
    prices: withSaving(SUBSCRIPTION_PRICES.map(({ lookupKey: _, ...p }) => p)),
  };
}

export function seededCurrencyProduct(): CurrencyProduct {
  return { ...NEONBITS_PRODUCT, prices: PACK_PRICES.map(({ lookupKey: _, ...p }) => p) };
}

export const formatNeonBits = (n: number) => `${formatCount(n)} NeonBits`;
