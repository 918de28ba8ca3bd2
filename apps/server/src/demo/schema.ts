import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The demo community content (docs/decisions/042): which rows of other modules' tables are demo data, and the
// database's own record that it was seeded once. Both are plain tables, so `npm run db -- move`, a dump and a
// restore carry them with the rest.

export const DEMO_KINDS = ["account", "blog", "hack", "giveaway-round"] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

/**
 * One row per row the demo seeding made: `ref` is its id in the owning module's table (no foreign key: they are
 * other modules' tables, and removal goes through their services).
 */
export const demoContent = pgTable(
  "demo_content",
  {
    kind: text("kind").$type<DemoKind>().notNull(),
    ref: text("ref").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.ref] }),
    check("demo_content_kind_check", sql`${t.kind} in (${sql.raw(DEMO_KINDS.map((k) => `'${k}'`).join(", "))})`),
  ],
);

/** Facts about this database, one row per key (the demo content's marker: `demo-content`). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
