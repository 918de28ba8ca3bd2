import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { ShopEffect, ShopItemId } from "@neonlab/shared/schemas/shop";
import { createdAt, userRef } from "../identity/accounts/columns.ts";

/** The shop's catalogue (product rules): seeded by the migration; `active` hides an item without deleting it. */
export const shopItems = pgTable(
  "shop_items",
  {
    id: text("id").$type<ShopItemId>().primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    price: integer("price").notNull(),
    effect: text("effect").$type<ShopEffect>().notNull(),
    /** Freezes given, or minutes of XP boost. */
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    check("shop_items_price_positive", sql`${t.price} > 0`),
    check("shop_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** One row per purchase: its id is the reference of the NeonBits charge and of what it gave. */
export const shopPurchases = pgTable(
  "shop_purchases",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    // No foreign key to shop_items on purpose: every purchase would take a KEY SHARE lock on the same
    // catalogue row, and concurrent purchases then queue on its multixact (the bench's L6 rung: 77 req/s).
    itemId: text("item_id").$type<ShopItemId>().notNull(),
    price: integer("price").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("shop_purchases_user_idx").on(t.userId, t.createdAt)],
);
