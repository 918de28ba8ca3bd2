import { asc, eq, sql } from "drizzle-orm";
import type { BuyShopItemResult, ShopItemId, ShopState } from "@neonlab/shared/schemas/shop";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../errors.ts";
import { preparedPerDb, typedPlaceholder } from "../../lib/prepared.ts";
import { inventoryColumns, XP_BOOST_MULTIPLIER } from "../progress/service.ts";
import { neonbitsBalanceOf } from "../wallet/service.ts";
import { catalogueOf, forgetCatalogue, rememberCatalogue } from "./catalogue.ts";
import { shopItems } from "./schema.ts";

// The shop (product rules, "NeonBits and the shop"; docs/decisions/020 and 032): a purchase is one call to
// the database — the purchase row, the NeonBits charge through the ledger's rules (the balance row locked, so
// concurrent purchases can not overspend; the ledger row once per reference) and what the item gives (freezes
// into the inventory, or the XP boost extended), in one statement. Not enough NeonBits: 409 and nothing written.

const toIso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The catalogue and what the user has, in one statement (the user's columns ride on each item row). */
export async function getShopState(db: Db, userId: string): Promise<ShopState> {
  const rows = await db
    .select({
      id: shopItems.id,
      name: shopItems.name,
      description: shopItems.description,
      price: shopItems.price,
      effect: shopItems.effect,
      quantity: shopItems.quantity,
      balance: sql<number>`coalesce(${neonbitsBalanceOf(userId)}, 0)`.mapWith(Number),
      ...inventoryColumns(userId),
    })
    .from(shopItems)
    .where(eq(shopItems.active, true))
    .orderBy(asc(shopItems.position), asc(shopItems.id));
  const first = rows[0];
  if (!first) throw notFound("The shop has nothing on sale right now.");
  // A fresh read of the catalogue: the purchases' cache takes it.
  const items = rows.map(({ id, name, description, price, effect, quantity }) => ({
    id,
    name,
    description,
    price,
    effect,
    quantity,
  }));
  rememberCatalogue(db, items);
  const boostEndsAt = toIso(first.boostEndsAt);
  return {
    balance: first.balance,
    items,
    freezes: { owned: first.freezesOwned, on: Boolean(first.freezeOn) },
    boost: boostEndsAt ? { endsAt: boostEndsAt, multiplier: XP_BOOST_MULTIPLIER } : null,
  };
}

/** 60 → "1 h", 95 → "1 h 35 min", 20 → "20 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** buy_shop_item (sql/buy-shop-item.sql): the whole purchase in one statement, prepared once per database handle. */
const buyQuery = preparedPerDb((db) =>
  db
    .select({
      outcome: sql<"done" | "insufficient" | "stale" | "not_found">`outcome`,
      purchaseId: sql<number | null>`purchase_id`,
      balance: sql<number | null>`balance`,
      freezesOwned: sql<number | null>`freezes_owned`,
      freezeOn: sql<boolean | null>`freeze_on`,
      boostEndsAt: sql<string | null>`boost_ends_at`,
    })
    .from(sql`buy_shop_item(${typedPlaceholder("purchase", "jsonb")})`)
    .prepare("buy_shop_item"),
);

/** What buy_shop_item reads from its one argument. */
type Purchase = {
  user_id: string;
  item_id: ShopItemId;
  name: string;
  price: number;
  effect: string;
  quantity: number;
  reason: string;
  description: string;
};

const NOT_ON_SALE = "This item is not on sale in the shop.";

/**
 * Buys one item for the user: one call to the database (buy_shop_item, its own transaction) with the item as
 * the cached catalogue has it; 409 when they can not afford it. When the catalogue changed under the cache,
 * the function writes nothing, and the purchase is tried again with the catalogue read afresh.
 */
export async function buyShopItem(db: Db, userId: string, itemId: ShopItemId): Promise<BuyShopItemResult> {
  for (let attempt = 1; ; attempt++) {
    const catalogue = await catalogueOf(db);
    const item = catalogue.byId.get(itemId);
    if (!item) throw notFound(NOT_ON_SALE);
    const purchase: Purchase = {
      user_id: userId,
      item_id: itemId,
      name: item.name,
      price: item.price,
      effect: item.effect,
      quantity: item.quantity,
      reason: "shop_purchase",
      description: `Bought ${item.name}`,
    };
    const [row] = await buyQuery(db).execute({ purchase: JSON.stringify(purchase) });
    if (!row) throw new Error("buy_shop_item answered no row");
    if (row.outcome === "stale" || row.outcome === "not_found") {
      forgetCatalogue(db);
      if (row.outcome === "stale" && attempt < 3) continue;
      // Gone or off sale (or changing three times in a row): nothing was written.
      throw notFound(NOT_ON_SALE);
    }
    if (row.outcome === "insufficient") {
      throw conflict(
        `Not enough NeonBits: ${item.name} costs ${item.price} NeonBits and you have ${row.balance ?? 0}. Get more NeonBits with a pack.`,
      );
    }
    const boostEndsAt = toIso(row.boostEndsAt);
    let message: string;
    if (item.effect === "streak_freeze") {
      message = `You bought ${item.name}: ${plural(item.quantity, "streak freeze", "streak freezes")} added.`;
    } else {
      const minutes = Math.max(1, Math.round((Date.parse(boostEndsAt ?? "") - Date.now()) / 60_000));
      message = `You bought ${item.name}: your XP is doubled for the next ${formatMinutes(minutes)}.`;
    }
    return {
      balance: Number(row.balance),
      items: catalogue.items,
      freezes: { owned: Number(row.freezesOwned), on: Boolean(row.freezeOn) },
      boost: boostEndsAt ? { endsAt: boostEndsAt, multiplier: XP_BOOST_MULTIPLIER } : null,
      message,
      purchaseId: Number(row.purchaseId),
    };
  }
}
