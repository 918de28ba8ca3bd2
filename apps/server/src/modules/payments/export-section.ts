import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import { SUBSCRIPTION_PRICES } from "./catalog.ts";
import { billingCustomers, billingRecords, subscriptions } from "./schema.ts";

/**
 * The user's subscriptions and billing history, as Settings → Subscription shows them. Amounts are in the
 * currency's smallest unit (cents). No provider identifier of the user (customer id) nor any secret: the
 * product never shows them, and they are the provider's handle rather than the user's data (docs/data-export.md).
 */
export const paymentsExportSection = exportSection({
  key: "payments",
  title: "Subscriptions and billing",
  schema: z.object({
    subscriptions: z.array(
      z.object({
        plan: z.string(),
        interval: z.string().nullable(),
        status: z.string(),
        currentPeriodEnd: timestamp,
        cancelAtPeriodEnd: z.boolean(),
        updatedAt: timestamp,
      }),
    ),
    billing: z.array(
      z.object({
        date: timestamp,
        description: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        status: z.string(),
        invoiceUrl: z.string().nullable(),
      }),
    ),
  }),
  async collect(db, userId) {
    const subs = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.updatedAt), asc(subscriptions.id));
    const records = await db
      .select({
        date: billingRecords.occurredAt,
        description: billingRecords.description,
        amount: billingRecords.amount,
        currency: billingRecords.currency,
        status: billingRecords.status,
        invoiceUrl: billingRecords.invoiceUrl,
      })
      .from(billingRecords)
      .innerJoin(billingCustomers, eq(billingCustomers.customerId, billingRecords.customerId))
      .where(eq(billingCustomers.userId, userId))
      .orderBy(asc(billingRecords.occurredAt), asc(billingRecords.id));
    return {
      subscriptions: subs.map((s) => ({
        plan: s.priceId,
        interval: SUBSCRIPTION_PRICES.find((p) => p.id === s.priceId)?.interval ?? null,
        status: s.status,
        currentPeriodEnd: iso(s.currentPeriodEnd),
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        updatedAt: iso(s.updatedAt),
      })),
      billing: records.map((r) => ({ ...r, date: iso(r.date) })),
    };
  },
});
