import { sql } from "drizzle-orm";
import type { CurrencyPrice } from "@neonlab/shared/schemas/payments";
import type { Db } from "../../db/client.ts";
import { preparedPerDb, typedPlaceholder } from "../../lib/prepared.ts";
import { formatNeonBits } from "./catalog.ts";
import type { PaymentEvent } from "./provider.ts";

type CheckoutEvent = Extract<PaymentEvent, { type: "checkout.completed" }>;

const p = typedPlaceholder;

/** apply_checkout_event (drizzle/0018), prepared once per database handle. */
const checkoutQuery = preparedPerDb((db) =>
  db
    .select({ outcome: sql<"applied" | "duplicate">`outcome` })
    .from(
      sql`apply_checkout_event(${sql.join(
        [
          p("eventId", "text"),
          p("provider", "text"),
          p("type", "text"),
          p("checkoutId", "text"),
          p("userId", "text"),
          p("customerId", "text"),
          p("billable", "boolean"),
          p("billDescription", "text"),
          p("amount", "integer"),
          p("currency", "text"),
          p("occurredAt", "timestamptz"),
          p("neonbits", "integer"),
          p("reason", "text"),
          p("reference", "text"),
          p("description", "text"),
        ],
        sql`, `,
      )}) as outcome`,
    )
    .prepare("apply_checkout_event"),
);

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
  const [row] = await checkoutQuery(db).execute({
    eventId: event.id,
    provider,
    type: event.type,
    checkoutId: c.id,
    userId: c.userId,
    customerId: c.customerId,
    billable: c.mode === "payment" && c.paid && c.customerId !== null,
    billDescription: neonbits > 0 ? formatNeonBits(neonbits) : "NeonBits",
    amount: c.amount,
    currency: c.currency,
    occurredAt: c.occurredAt.toISOString(),
    neonbits,
    reason: "pack",
    reference: `checkout:${c.id}`,
    description: `Bought ${formatNeonBits(neonbits)}`,
  });
  return row?.outcome === "applied" ? "applied" : "duplicate";
}
