// Every table, for Drizzle and drizzle-kit. Each module owns its schema.ts; add it here.
export * from "../modules/accounts/schema.ts";
export * from "../modules/profiles/schema.ts";
export * from "../modules/users/schema.ts";
export * from "../adapters/mail/schema.ts";
export * from "../modules/learning/schema.ts";
export * from "../lib/idempotency/schema.ts";
export * from "../modules/progress/schema.ts";
export * from "../modules/ledger/schema.ts";
export * from "../modules/votes/schema.ts";
export * from "../modules/reports/schema.ts";
export * from "../modules/connections/schema.ts";
export * from "../modules/notifications/schema.ts";
export * from "../modules/shop/schema.ts";
export * from "../modules/giveaway/schema.ts";
export * from "../modules/data-export/schema.ts";
export * from "../modules/payments/schema.ts";
export * from "../modules/projects/schema.ts";
