import { sql } from "drizzle-orm";
import type { CurrencyPrice } from "@neonlab/shared/schemas/payments";
import type { Db } from "../../db/client.ts";
import { profileRows } from "../profiles/service.ts";
import { grantNeonBitsCtes } from "../wallet/service.ts";
import { formatNeonBits } from "./catalog.ts";
import type { PaymentEvent } from "./provider.ts";
import { billingCustomers, billingRecords, paymentEvents } from "./schema.ts";

type CheckoutEvent = Extract<PaymentEvent, { type: "checkout.completed" }>;

/**
 * "Checkout completed", the most frequent event (every pack), as one statement, so its own transaction
 * (docs/decisions/032): it stores the event id (nothing more when it was there: a repeat), finds the user
 * (from the event, else from its customer), links the customer, writes the billing record of a paid pack
 * and grants the pack's NeonBits through the ledger's rules (the row once per checkout, the balance moved
 * only with a new row). One round trip instead of five: the webhook rung of the bench (bench/README.md).
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
  const billable = c.mode === "payment" && c.paid && c.customerId !== null;
  const profiles = profileRows.table;
  // Once per checkout (the ledger's unique reference), whatever the delivery count.
  const grant =
    neonbits > 0
      ? sql`, ${grantNeonBitsCtes("granted", sql`select id from who`, {
          amount: neonbits,
          reason: "pack",
          reference: `checkout:${c.id}`,
          description: `Bought ${formatNeonBits(neonbits)}`,
        })}`
      : sql``;
  const result = await db.execute(sql`
    with ev as (
      insert into ${paymentEvents} (id, provider, type) values (${event.id}, ${provider}, ${event.type})
      on conflict do nothing returning id
    ), who as (
      select p.id from ${profiles} p, ev
      where p.id = coalesce(
        ${c.userId}::text,
        (select b.user_id from ${billingCustomers} b where b.customer_id = ${c.customerId}::text)
      )
    ), linked as (
      insert into ${billingCustomers} (customer_id, user_id, provider)
      select ${c.customerId}::text, who.id, ${provider} from who where ${c.customerId}::text is not null
      on conflict do nothing
    ), billed as (
      insert into ${billingRecords} (id, customer_id, description, amount, currency, status, invoice_url, occurred_at)
      select ${c.id}, ${c.customerId}::text, ${neonbits > 0 ? formatNeonBits(neonbits) : "NeonBits"}, ${c.amount}::int,
        ${c.currency}, 'paid', null, ${c.occurredAt.toISOString()}::timestamptz
      from ev where ${billable}::boolean
      on conflict (id) do update set status = excluded.status
    )${grant}
    select (select count(*) from ev)::int as applied`);
  const [row] = (result as unknown as { rows: { applied: number }[] }).rows;
  return row?.applied ? "applied" : "duplicate";
}
