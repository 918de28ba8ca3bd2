import { Text } from "@mantine/core";
import { ReturnCard } from "../components/return-card.tsx";

/** /payment/subscription/cancel: the checkout was left; nothing was charged. */
export function SubscriptionCancelPage() {
  return (
    <ReturnCard
      eyebrow="// subscription"
      title="Checkout cancelled"
      actions={[
        { to: "/pricing", label: "Back to pricing", primary: true },
        { to: "/courses", label: "Keep learning" },
      ]}
    >
      <Text>Nothing was charged. You can pick a plan again whenever you like.</Text>
    </ReturnCard>
  );
}
