import { z } from "zod";
import { isoDateTime } from "./common.ts";

// Request and response shapes of the shop (POST users/buy-shop-item, GET users/shop); the NeonBits
// changes are in the ledger (schemas/ledger.ts). Product rules, "NeonBits and the shop".

/** The shop's items (the catalogue is rows of shop_items, seeded by the migration with these ids). */
export const SHOP_ITEM_IDS = ["streak_freeze", "xp_boost_1h", "streak_freeze_x3"] as const;
export type ShopItemId = (typeof SHOP_ITEM_IDS)[number];

/** What an item does when bought. */
export const SHOP_EFFECTS = ["streak_freeze", "xp_boost"] as const;
export type ShopEffect = (typeof SHOP_EFFECTS)[number];

export const shopItemSchema = z.object({
  id: z.enum(SHOP_ITEM_IDS),
  name: z.string(),
  description: z.string(),
  /** Price in NeonBits. */
  price: z.number().int(),
  effect: z.enum(SHOP_EFFECTS),
  /** Freezes given, or minutes of XP boost. */
  quantity: z.number().int(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

/** GET /api/users/shop: the catalogue and what the caller has. */
export const shopStateSchema = z.object({
  balance: z.number().int(),
  items: z.array(shopItemSchema),
  freezes: z.object({
    /** Owned and not on the streak. */
    owned: z.number().int(),
    /** One freeze is on the streak. */
    on: z.boolean(),
  }),
  /** The active XP boost (XP given is doubled until endsAt), or null. */
  boost: z.object({ endsAt: isoDateTime, multiplier: z.number().int() }).nullable(),
});
export type ShopState = z.infer<typeof shopStateSchema>;

const itemMessage = `item must be one of ${SHOP_ITEM_IDS.join(", ")}`;
/** POST /api/users/buy-shop-item (spec §7: {item}). */
export const buyShopItemSchema = z.object({
  item: z.enum(SHOP_ITEM_IDS, { error: itemMessage }),
});
export type BuyShopItem = z.infer<typeof buyShopItemSchema>;

export const buyShopItemResultSchema = shopStateSchema.extend({
  message: z.string(),
  purchaseId: z.number().int(),
});
export type BuyShopItemResult = z.infer<typeof buyShopItemResultSchema>;
