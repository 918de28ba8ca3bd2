import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../identity/accounts/schema.ts";

// What NeonLab keeps of the payment provider's world (docs/decisions/019). Rows change only through
// verified provider events (webhook.ts), each applied once: `payment_events` holds every applied event id.

/** Every provider event applied, written in the same transaction as its effect (exactly once). */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The provider's customer of a user. `user_id` is emptied when the account is deleted: the billing
 * records stay (as the provider requires) but no longer lead to a person.
 */
export const billingCustomers = pgTable("billing_customers", {
  customerId: text("customer_id").primaryKey(),
  userId: text("user_id")
    .unique()
    .references(() => users.id, { onDelete: "set null" }),
  provider: text("provider").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The latest state of each subscription as the provider announced it (`version` orders the announcements). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    priceId: text("price_id").notNull(),
    status: text("status").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    /** The announcing event's order: Stripe's `created` (seconds), the test provider's change counter. */
    version: bigint("version", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId), index("subscriptions_customer_idx").on(t.customerId)],
);

/** Invoices and one-off payments (packs): the billing history. Keyed by customer, never by person. */
export const billingRecords = pgTable(
  "billing_records",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    invoiceUrl: text("invoice_url"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("billing_records_customer_idx").on(t.customerId, t.occurredAt)],
);

// ---------------------------------------------------------------- the built-in test provider's own state

/** Checkout and manage pages of the test provider: the id in the URL is the capability (like Stripe's). */
export const testpaySessions = pgTable("testpay_sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull(),
  /** "subscription", "payment" (a pack) or "manage". */
  mode: text("mode").notNull(),
  priceId: text("price_id"),
  /** "open", "paid", "cancelled". */
  status: text("status").notNull().default("open"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The test provider's subscriptions (its side of the world; NeonLab's copy is `subscriptions`). */
export const testpaySubscriptions = pgTable("testpay_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  priceId: text("price_id").notNull(),
  status: text("status").notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
  version: integer("version").notNull().default(1),
});
