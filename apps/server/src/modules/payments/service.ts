import { desc, eq, inArray } from "drizzle-orm";
import type {
  BillingItem,
  Subscription,
  SubscriptionAnswer,
  SubscriptionProduct,
  SubscriptionStatus,
} from "@neonlab/shared/schemas/payments";
import { SUBSCRIPTION_STATUSES } from "@neonlab/shared/schemas/payments";
import type { Db } from "../../db/client.ts";
import { userHasAccess } from "../identity/service.ts";
import { billingCustomers, billingRecords, subscriptions } from "./schema.ts";

// Reads of the payments module (the caller's own subscription, customer and billing history).

export async function customerOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.customerId ?? null;
}

export async function saveCustomer(db: Db, userId: string, customerId: string, provider: string) {
  await db.insert(billingCustomers).values({ customerId, userId, provider }).onConflictDoNothing();
  return (await customerOf(db, userId)) ?? customerId;
}

const ENDED = new Set(["canceled", "incomplete_expired"]);

/** The user's subscription that matters: a live one first, else the latest. */
export async function currentSubscription(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt));
  return rows.find((r) => !ENDED.has(r.status)) ?? rows[0] ?? null;
}

const statusOf = (s: string): SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(s) ? (s as SubscriptionStatus) : "incomplete";

export async function subscriptionAnswer(
  db: Db,
  userId: string,
  product: SubscriptionProduct,
): Promise<SubscriptionAnswer> {
  const row = await currentSubscription(db, userId);
  const price = row && product.prices.find((p) => p.id === row.priceId);
  const subscription: Subscription | null = row && {
    id: row.id,
    price_id: row.priceId,
    interval: price?.interval ?? null,
    amount: price?.amount ?? null,
    currency: price?.currency ?? null,
    status: statusOf(row.status),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    current_period_end: row.currentPeriodEnd.toISOString(),
  };
  return { subscription, has_access: await userHasAccess(db, userId) };
}

/** Every invoice and pack payment of the user's customer(s), newest first. */
export async function billingHistory(db: Db, userId: string): Promise<BillingItem[]> {
  const customers = await db
    .select({ id: billingCustomers.customerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  if (customers.length === 0) return [];
  const rows = await db
    .select()
    .from(billingRecords)
    .where(
      inArray(
        billingRecords.customerId,
        customers.map((c) => c.id),
      ),
    )
    .orderBy(desc(billingRecords.occurredAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    date: r.occurredAt.toISOString(),
    description: r.description,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    invoice_url: r.invoiceUrl,
  }));
}
