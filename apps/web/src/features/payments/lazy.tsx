import { lazy } from "react";

/**
 * Settings → Subscription, its code in its own chunk loaded where it first renders (inside a Suspense
 * boundary): the pricing page imports this feature for the checkout and the products alone.
 */
export const SubscriptionSettings = lazy(() =>
  import("./components/subscription-settings.tsx").then((m) => ({ default: m.SubscriptionSettings })),
);
