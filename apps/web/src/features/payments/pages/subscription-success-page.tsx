import { Text } from "@mantine/core";
import type { SubscriptionAnswer } from "@neonlab/shared/schemas/payments";
import { api } from "../../../lib/api-client.ts";
import { useServerConfirmation } from "../api/use-server-confirmation.ts";
import { ReturnCard } from "../components/return-card.tsx";
import { queryKeys } from "../../../lib/query-keys.ts";
import { onlineOnly } from "../../../components/online-only.tsx";

const LIVE = new Set(["active", "trialing"]);

/** /payment/subscription/success: "Pro is active" only once the server has the provider's event. */
function SubscriptionSuccessPageOnline() {
  const { done, slow } = useServerConfirmation(
    queryKeys.payments.subscription(),
    () => api<SubscriptionAnswer>("stripe/subscription"),
    (a) => a.has_access && LIVE.has(a.subscription?.status ?? ""),
  );
  if (done)
    return (
      <ReturnCard
        eyebrow="// subscription"
        title="Pro is active"
        actions={[
          { to: "/courses", label: "Open the courses", primary: true },
          { to: "/settings?tab=subscription", label: "See your subscription" },
        ]}
      >
        <Text>Every premium course, project and the blog editor are open to you now.</Text>
      </ReturnCard>
    );
  return (
    <ReturnCard
      eyebrow="// subscription"
      title="Confirming your payment…"
      waiting
      actions={[{ to: "/settings?tab=subscription", label: "Go to your subscription" }]}
    >
      <Text>
        {slow
          ? "The payment provider has not confirmed yet. This page keeps checking; you can also leave it: Pro turns on by itself once the payment is confirmed."
          : "Waiting for the payment provider to confirm. This takes a few seconds."}
      </Text>
    </ReturnCard>
  );
}

/** Needs the network: offline it says so instead (components/online-only.tsx). */
export const SubscriptionSuccessPage = onlineOnly(
  SubscriptionSuccessPageOnline,
  "Confirming your subscription",
  "neonlab://payment",
);
