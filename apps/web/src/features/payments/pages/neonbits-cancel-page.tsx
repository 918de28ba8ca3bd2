import { Button, Text } from "@mantine/core";
import { startPackCheckout } from "../api/checkout.ts";
import { ReturnCard } from "../components/return-card.tsx";

/** /payment/neonbits/cancel: the pack checkout was left; nothing was charged. */
export function NeonbitsCancelPage() {
  return (
    <ReturnCard eyebrow="// neonbits" title="Checkout cancelled" actions={[{ to: "/pricing", label: "See the packs" }]}>
      <Text mb="md">Nothing was charged and your NeonBits balance is unchanged.</Text>
      <Button variant="default" onClick={() => void startPackCheckout()}>
        Choose a pack again
      </Button>
    </ReturnCard>
  );
}
