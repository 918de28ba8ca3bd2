// The webhook rung's load: each request is a new signed "checkout completed" event of the built-in test
// provider (a 500 NeonBits pack), for the seeded users in turn, so every request is a first delivery with
// its whole effect: the event id stored, the customer linked, a billing record, a ledger grant and the
// balance, in one transaction.
import { randomBytes } from "node:crypto";
import { testProviderSecret } from "../apps/server/src/modules/payments/test-provider.ts";
import { signTestEvent, TEST_SIGNATURE_HEADER } from "../apps/server/src/modules/payments/test-signing.ts";

export function webhookEvents(authSecret: string, userIds: string[]) {
  const secret = testProviderSecret(authSecret);
  const run = randomBytes(4).toString("hex");
  let sent = 0;
  return {
    next() {
      const n = sent++;
      const userId = userIds[n % userIds.length]!;
      const { body, signature } = signTestEvent(secret, {
        id: `evt_bench_${run}_${n}`,
        type: "checkout.completed",
        checkout: {
          id: `cs_bench_${run}_${n}`,
          mode: "payment",
          userId,
          customerId: `cus_bench_${userId}`,
          priceId: "price_neonbits_500",
          amount: 499,
          currency: "usd",
          paid: true,
          occurredAt: new Date(),
        },
      });
      return { path: "/api/stripe/webhook", body, headers: { [TEST_SIGNATURE_HEADER]: signature } };
    },
  };
}
