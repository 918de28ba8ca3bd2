import { asc, eq } from "drizzle-orm";
import type { ShopItem, ShopItemId } from "@neonlab/shared/schemas/shop";
import type { Db } from "../../db/client.ts";
import { shopItems } from "./schema.ts";

// The shop's catalogue, cached per database handle (docs/decisions/032): it is seeded by the migrations and
// rarely changes, so a purchase does not read it. The cache is never trusted for money: buy_shop_item
// compares the item it is handed with the row of shop_items and writes nothing when they differ, and the
// caller then drops the cache (`forgetCatalogue`) and reads it again. The shop's own read (GET users/shop)
// reads the catalogue fresh and refreshes the cache with it; otherwise an entry lives CATALOGUE_TTL_MS, which
// bounds how long an answer can list another item as it was.

export const CATALOGUE_TTL_MS = 60_000;

export type Catalogue = { items: ShopItem[]; byId: Map<ShopItemId, ShopItem> };
type Entry = Catalogue & { at: number };

const cache = new WeakMap<Db, Entry>();

export function rememberCatalogue(db: Db, items: ShopItem[], now = Date.now()): Catalogue {
  const entry = { items, byId: new Map(items.map((item) => [item.id, item])), at: now };
  cache.set(db, entry);
  return entry;
}

export function forgetCatalogue(db: Db) {
  cache.delete(db);
}

/** The active items in shop order, from the cache when it is young enough, else read (and cached). */
export async function catalogueOf(db: Db, now = Date.now()): Promise<Catalogue> {
  const cached = cache.get(db);
  if (cached && now - cached.at < CATALOGUE_TTL_MS) return cached;
  const items = await db
    .select({
      id: shopItems.id,
      name: shopItems.name,
      description: shopItems.description,
      price: shopItems.price,
      effect: shopItems.effect,
      quantity: shopItems.quantity,
    })
    .from(shopItems)
    .where(eq(shopItems.active, true))
    .orderBy(asc(shopItems.position), asc(shopItems.id));
  return rememberCatalogue(db, items, now);
}
