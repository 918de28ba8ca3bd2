import { and, asc, eq, sql } from "drizzle-orm";
import type { BuyShopItemResult, ShopItemId, ShopState } from "@neonlab/shared/schemas/shop";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../errors.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { addFreezes, extendXpBoost, inventoryColumns, XP_BOOST_MULTIPLIER } from "../progress/service.ts";
import { neonbitsBalanceOf, spendNeonBits } from "../wallet/service.ts";
import { shopItems, shopPurchases } from "./schema.ts";

// The shop (product rules, "NeonBits and the shop"; docs/decisions/020): a purchase is one
// transaction — the purchase row, the NeonBits charge through the ledger (the balance row locked, so
// concurrent purchases can not overspend) and what the item gives (freezes into the inventory, or the
// XP boost extended). Not enough NeonBits: 409 and nothing written.

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
  const boostEndsAt = toIso(first.boostEndsAt);
  return {
    balance: first.balance,
    items: rows.map(({ id, name, description, price, effect, quantity }) => ({
      id,
      name,
      description,
      price,
      effect,
      quantity,
    })),
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

/** Buys one item for the user in one transaction; 409 when they can not afford it. */
export async function buyShopItem(
  transaction: RunInTransaction,
  userId: string,
  itemId: ShopItemId,
): Promise<BuyShopItemResult> {
  return transaction(async ({ db: tx }) => {
    const [item] = await tx
      .select()
      .from(shopItems)
      .where(and(eq(shopItems.id, itemId), eq(shopItems.active, true)));
    if (!item) throw notFound("This item is not on sale in the shop.");
    const [purchase] = await tx
      .insert(shopPurchases)
      .values({ userId, itemId, price: item.price })
      .returning({ id: shopPurchases.id });
    const reference = `purchase:${purchase!.id}`;
    const charge = await spendNeonBits(tx, {
      userId,
      amount: item.price,
      reason: "shop_purchase",
      reference,
      description: `Bought ${item.name}`,
    });
    if (charge.status !== "spent") {
      // The thrown error rolls the purchase row back: nothing is written.
      throw conflict(
        `Not enough NeonBits: ${item.name} costs ${item.price} NeonBits and you have ${charge.balance}. Get more NeonBits with a pack.`,
      );
    }
    let message: string;
    if (item.effect === "streak_freeze") {
      await addFreezes(tx, {
        userId,
        amount: item.quantity,
        reason: "shop_purchase",
        reference,
        description: `Bought ${item.name}`,
      });
      message = `You bought ${item.name}: ${plural(item.quantity, "streak freeze", "streak freezes")} added.`;
    } else {
      const endsAt = await extendXpBoost(tx, userId, item.quantity);
      const minutes = Math.max(1, Math.round((endsAt.getTime() - Date.now()) / 60_000));
      message = `You bought ${item.name}: your XP is doubled for the next ${formatMinutes(minutes)}.`;
    }
    const state = await getShopState(tx, userId);
    return { ...state, message, purchaseId: purchase!.id };
  });
}
