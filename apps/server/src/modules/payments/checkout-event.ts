import { sql } from "drizzle-orm";
import type { CurrencyPrice } from "@neonlab/shared/schemas/payments";
import type { Db } from "../../db/client.ts";
import { preparedPerDb, typedPlaceholder } from "../../lib/prepared.ts";
import { formatNeonBits } from "./catalog.ts";
import type { PaymentEvent } from "./provider.ts";

type CheckoutEvent = Extract<PaymentEvent, { type: "checkout.completed" }>;

/** apply_checkout_event (sql/checkout-event.sql), prepared once per database handle. */
const checkoutQuery = preparedPerDb((db) =>
  db
    .select({ outcome: sql<"applied" | "duplicate">`outcome` })
    .from(sql`apply_checkout_event(${typedPlaceholder("event", "jsonb")}) as outcome`)
    .prepare("apply_checkout_event"),
);

/** What apply_checkout_event reads from its one argument. */
type CheckoutEventArgument = {
  event_id: string;
  provider: string;
  type: string;
  checkout_id: string;
  user_id: string | null;
  customer_id: string | null;
  billable: boolean;
  bill_description: string;
  amount: number;
  currency: string;
  occurred_at: string;
  neonbits: number;
  reason: string;
  reference: string;
  description: string;
};

/**
 * "Checkout completed", the most frequent event (every pack), in one call, so its own transaction
 * (docs/decisions/032): apply_checkout_event stores the event id (nothing more when it was there: a repeat),
 * finds the user (from the event, else from its customer), links the customer, writes the billing record of
 * a paid pack and grants the pack's NeonBits through the ledger's rules (the row once per checkout, the
 * balance moved only by a new row). One round trip instead of five: the webhook rung of the bench.
 */
export async function applyCheckoutEvent(
  db: Db,
  provider: string,
  event: CheckoutEvent,
  packs: CurrencyPrice[],
): Promise<"applied" | "duplicate"> {
  const c = event.checkout;
  const items = c.items ?? (c.priceId ? [{ priceId: c.priceId, quantity: 1 }] : []);
  const neonbits =
    c.mode === "payment" && c.paid
      ? items.reduce((n, item) => n + (packs.find((p) => p.id === item.priceId)?.neonbits ?? 0) * item.quantity, 0)
      : 0;
  const argument: CheckoutEventArgument = {
    event_id: event.id,
    provider,
    type: event.type,
    checkout_id: c.id,
    user_id: c.userId,
    customer_id: c.customerId,
    billable: c.mode === "payment" && c.paid && c.customerId !== null,
    bill_description: neonbits > 0 ? formatNeonBits(neonbits) : "NeonBits",
    amount: c.amount,
    currency: c.currency,
    occurred_at: c.occurredAt.toISOString(),
    neonbits,
    reason: "pack",
    reference: `checkout:${c.id}`,
    description: `Bought ${formatNeonBits(neonbits)}`,
  };
  const [row] = await checkoutQuery(db).execute({ event: JSON.stringify(argument) });
  return row?.outcome === "applied" ? "applied" : "duplicate";
}
