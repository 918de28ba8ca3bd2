import { Text } from "@mantine/core";
import type { BillingItem } from "@neonlab/shared/schemas/payments";
import { useSearchParams } from "react-router";
import { api } from "../../../lib/api-client.ts";
import { useServerConfirmation } from "../api/use-server-confirmation.ts";
import { ReturnCard } from "../components/return-card.tsx";
import { queryKeys } from "../../../lib/query-keys.ts";
import { onlineOnly } from "../../../components/online-only.tsx";

/** /payment/neonbits/success: the pack shows as added once the server has the checkout-completed event. */
function NeonbitsSuccessPageOnline() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const { done, slow, answer } = useServerConfirmation(
    queryKeys.payments.billingHistoryWith(sessionId),
    () => api<BillingItem[]>("stripe/billing-history"),
    (items) => sessionId !== null && items.some((item) => item.id === sessionId),
  );
  const bought = answer?.find((item) => item.id === sessionId);
  if (done && bought)
    return (
      <ReturnCard
        eyebrow="// neonbits"
        title={`${bought.description} added`}
        actions={[
          { to: "/shop", label: "Spend them in the shop", primary: true },
          { to: "/settings?tab=subscription", label: "Billing history" },
        ]}
      >
        <Text>Your NeonBits balance is up to date.</Text>
      </ReturnCard>
    );
  return (
    <ReturnCard
      eyebrow="// neonbits"
      title="Confirming your payment…"
      waiting={sessionId !== null}
      actions={[{ to: "/courses", label: "Keep learning" }]}
    >
      <Text>
        {sessionId === null
          ? "This page was opened without a checkout. NeonBits you bought appear in your balance once the payment is confirmed."
          : slow
            ? "The payment provider has not confirmed yet. This page keeps checking; your NeonBits arrive by themselves once it does."
            : "Waiting for the payment provider to confirm. This takes a few seconds."}
      </Text>
    </ReturnCard>
  );
}

/** Needs the network: offline it says so instead (components/online-only.tsx). */
export const NeonbitsSuccessPage = onlineOnly(
  NeonbitsSuccessPageOnline,
  "Confirming your payment",
  "neonlab://payment",
);
