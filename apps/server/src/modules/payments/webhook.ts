import { and, eq, inArray, sql } from "drizzle-orm";
import type { CurrencyPrice } from "@neonlab/shared/schemas/payments";
import type { Db } from "../../db/client.ts";
import type { RunInTransaction, Tx } from "../../transaction.ts";
import { profileExists, setPaidAccess } from "../profiles/service.ts";
import { applyCheckoutEvent } from "./checkout-event.ts";
import { accessOf, type PaymentEvent, type SubscriptionState } from "./provider.ts";
import { billingCustomers, billingRecords, paymentEvents, subscriptions } from "./schema.ts";

// The effects of a verified provider event (docs/decisions/019). Each event is applied in one
// transaction that also stores its id: a second delivery finds the id and changes nothing; a
// subscription's older announcement (lower version) never overwrites a newer one.

export type ApplyResult = "applied" | "duplicate";

export async function applyPaymentEvent(
  transaction: RunInTransaction,
  provider: string,
  event: PaymentEvent,
  packs: CurrencyPrice[],
): Promise<ApplyResult> {
  return transaction(async (tx) => {
    if (event.type === "checkout.completed") return applyCheckoutEvent(tx.db, provider, event, packs);
    const stored = await tx.db
      .insert(paymentEvents)
      .values({ id: event.id, provider, type: event.type === "other" ? event.name : event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return "duplicate";
    switch (event.type) {
      case "subscription.updated":
      case "subscription.deleted":
        await applySubscription(tx, event.subscription, event.version);
        break;
      case "invoice.paid":
        await recordBilling(tx.db, { ...event.invoice, status: "paid", invoiceUrl: event.invoice.url });
        break;
      case "other":
        break;
    }
    return "applied";
  });
}

/** Links the customer to the user (first one wins; a deleted user's customer stays detached). */
async function linkCustomer(db: Db, customerId: string, userId: string, provider = "unknown") {
  if (!(await profileExists(db, userId))) return;
  await db.insert(billingCustomers).values({ customerId, userId, provider }).onConflictDoNothing();
}

async function userOfCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.customerId, customerId));
  return row?.userId ?? null;
}

async function recordBilling(
  db: Db,
  record: {
    id: string;
    customerId: string;
    description: string;
    amount: number;
    currency: string;
    status: string;
    invoiceUrl: string | null;
    paidAt: Date;
  },
) {
  await db
    .insert(billingRecords)
    .values({ ...record, occurredAt: record.paidAt })
    .onConflictDoUpdate({
      target: billingRecords.id,
      set: { status: record.status, invoiceUrl: record.invoiceUrl, amount: record.amount },
    });
}

async function applySubscription(tx: Tx, state: SubscriptionState, version: number) {
  const db = tx.db;
  if (state.userId) await linkCustomer(db, state.customerId, state.userId);
  const userId = (await userOfCustomer(db, state.customerId)) ?? null;
  const update = {
    customerId: state.customerId,
    userId,
    priceId: state.priceId,
    status: state.status,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd,
    version,
    updatedAt: new Date(),
  };
  const values = { id: state.id, ...update };
  // Newer wins; on a tie (Stripe's second-granular `created`) a cancelled subscription stays cancelled.
  const written = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: { ...update, userId: sql`coalesce(${subscriptions.userId}, excluded.user_id)` },
      setWhere: sql`${subscriptions.version} < excluded.version or (${subscriptions.version} = excluded.version and ${subscriptions.status} <> 'canceled')`,
    })
    .returning({ userId: subscriptions.userId });
  const owner = written[0]?.userId;
  if (!owner) return;
  const access = await paidAccessOf(db, owner);
  await setPaidAccess(db, owner, access);
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.id, state.id));
  if (!current) return;
  await tx.publish("subscription.changed", {
    userId: owner,
    subscriptionId: current.id,
    status: current.status,
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    currentPeriodEnd: current.currentPeriodEnd.toISOString(),
    hasPaidAccess: access.paid && (access.until === null || access.until > new Date()),
  });
}

/** What all of a user's subscriptions give together: the longest access of any. */
async function paidAccessOf(db: Db, userId: string): Promise<{ paid: boolean; until: Date | null }> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  let best: { paid: boolean; until: Date | null } = { paid: false, until: null };
  for (const row of rows) {
    const access = accessOf(row);
    if (!access.paid) continue;
    if (access.until === null) return access;
    if (!best.paid || (best.until && access.until > best.until)) best = access;
  }
  return best;
}

/** Subscriptions the provider still bills for this user (account deletion cancels them). */
export async function liveSubscriptionIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ["active", "trialing", "past_due", "unpaid", "incomplete", "paused"]),
      ),
    );
  return rows.map((r) => r.id);
}

/** Detaches billing data from a deleted account (the provider's records stay, without a person). */
export async function detachUser(db: Db, userId: string) {
  await db.update(subscriptions).set({ userId: null }).where(eq(subscriptions.userId, userId));
  await db.update(billingCustomers).set({ userId: null }).where(eq(billingCustomers.userId, userId));
}
