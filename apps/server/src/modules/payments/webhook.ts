import { and, eq, inArray, sql } from "drizzle-orm";
import { type CurrencyPrice, LIVE_SUBSCRIPTION_STATUSES } from "@neonlab/shared/schemas/payments";
import type { Db } from "../../db/client.ts";
import { preparedPerDb, typedPlaceholder } from "../../lib/prepared.ts";
import type { RunInTransaction, Tx } from "../../transaction.ts";
import { applyCheckoutEvent } from "./checkout-event.ts";
import type { PaymentEvent, SubscriptionState } from "./provider.ts";
import { billingCustomers, billingRecords, paymentEvents, subscriptions } from "./schema.ts";

// The effects of a verified provider event (docs/decisions/019 and 032). Each event is applied in one
// transaction that also stores its id: a second delivery finds the id and changes nothing; a
// subscription's older announcement (lower version) never overwrites a newer one. Each event's effect is
// one statement: a checkout (checkout-event.ts), an invoice or an ignored event is its own transaction; a
// subscription's (apply_subscription_event, sql/subscription-event.sql) runs in a transaction with the
// in-transaction handlers of the subscription.changed it publishes (the notification).

export type ApplyResult = "applied" | "duplicate";

export async function applyPaymentEvent(
  { db, transaction }: { db: Db; transaction: RunInTransaction },
  provider: string,
  event: PaymentEvent,
  packs: CurrencyPrice[],
): Promise<ApplyResult> {
  switch (event.type) {
    case "checkout.completed":
      return applyCheckoutEvent(db, provider, event, packs);
    case "subscription.updated":
    case "subscription.deleted":
      return transaction((tx) => applySubscription(tx, provider, event));
    case "invoice.paid":
      return recordInvoice(db, provider, event);
    case "other":
      return storeEvent(db, provider, event.id, event.name);
  }
}

async function storeEvent(db: Db, provider: string, id: string, type: string): Promise<ApplyResult> {
  const stored = await db
    .insert(paymentEvents)
    .values({ id, provider, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return stored.length > 0 ? "applied" : "duplicate";
}

/** The event id and the invoice's billing record (upserted by invoice id), in one statement. */
async function recordInvoice(
  db: Db,
  provider: string,
  event: Extract<PaymentEvent, { type: "invoice.paid" }>,
): Promise<ApplyResult> {
  const i = event.invoice;
  const result = await db.execute(sql`
    with ev as (
      insert into ${paymentEvents} (id, provider, type) values (${event.id}, ${provider}, ${event.type})
      on conflict do nothing returning id
    ), billed as (
      insert into ${billingRecords} (id, customer_id, description, amount, currency, status, invoice_url, occurred_at)
      select ${i.id}, ${i.customerId}, ${i.description}, ${i.amount}::int, ${i.currency}, 'paid', ${i.url}::text,
        ${i.paidAt.toISOString()}::timestamptz
      from ev
      on conflict (id) do update set status = excluded.status, invoice_url = excluded.invoice_url, amount = excluded.amount
    )
    select (select count(*) from ev)::int as applied`);
  const [row] = (result as unknown as { rows: { applied: number }[] }).rows;
  return row?.applied ? "applied" : "duplicate";
}

/** apply_subscription_event (sql/subscription-event.sql), prepared once per database handle. */
const subscriptionQuery = preparedPerDb((db) =>
  db
    .select({
      outcome: sql<"applied" | "duplicate">`outcome`,
      userId: sql<string | null>`user_id`,
      status: sql<string | null>`status`,
      cancelAtPeriodEnd: sql<boolean | null>`cancel_at_period_end`,
      currentPeriodEnd: sql<string | null>`current_period_end`,
      paid: sql<boolean | null>`paid`,
      paidUntil: sql<string | null>`paid_until`,
    })
    .from(sql`apply_subscription_event(${typedPlaceholder("event", "jsonb")})`)
    .prepare("apply_subscription_event"),
);

/** What apply_subscription_event reads from its one argument. */
type SubscriptionEventArgument = {
  event_id: string;
  provider: string;
  type: string;
  subscription_id: string;
  customer_id: string;
  user_id: string | null;
  price_id: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: string;
  version: number;
};

/**
 * One statement stores the event, links the customer, upserts the subscription (newer wins; on a tie of
 * Stripe's second-granular `created` a cancelled subscription stays cancelled) and sets the owner's paid
 * access from all their subscriptions; then subscription.changed is published in the same transaction.
 */
async function applySubscription(
  tx: Tx,
  provider: string,
  event: Extract<PaymentEvent, { type: "subscription.updated" | "subscription.deleted" }>,
): Promise<ApplyResult> {
  const state: SubscriptionState = event.subscription;
  const argument: SubscriptionEventArgument = {
    event_id: event.id,
    provider,
    type: event.type,
    subscription_id: state.id,
    customer_id: state.customerId,
    user_id: state.userId ?? null,
    price_id: state.priceId,
    status: state.status,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    current_period_end: state.currentPeriodEnd.toISOString(),
    version: event.version,
  };
  const [row] = await subscriptionQuery(tx.db).execute({ event: JSON.stringify(argument) });
  if (!row || row.outcome === "duplicate") return "duplicate";
  if (!row.userId) return "applied";
  const until = row.paidUntil === null ? null : new Date(row.paidUntil);
  await tx.publish("subscription.changed", {
    userId: row.userId,
    subscriptionId: state.id,
    status: row.status!,
    cancelAtPeriodEnd: Boolean(row.cancelAtPeriodEnd),
    currentPeriodEnd: new Date(row.currentPeriodEnd!).toISOString(),
    hasPaidAccess: Boolean(row.paid) && (until === null || until > new Date()),
  });
  return "applied";
}

/** Subscriptions the provider still bills for this user (account deletion cancels them). */
export async function liveSubscriptionIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
  return rows.map((r) => r.id);
}

/** Detaches billing data from a deleted account (the provider's records stay, without a person). */
export async function detachUser(db: Db, userId: string) {
  await db.update(subscriptions).set({ userId: null }).where(eq(subscriptions.userId, userId));
  await db.update(billingCustomers).set({ userId: null }).where(eq(billingCustomers.userId, userId));
}
