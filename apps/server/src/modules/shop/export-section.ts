import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import { shopItems, shopPurchases } from "./schema.ts";

/** What the user bought in the shop (price in NeonBits). The XP boost's end is in the progress section. */
export const shopExportSection = exportSection({
  key: "shop",
  title: "Shop purchases",
  schema: z.object({
    purchases: z.array(
      z.object({ item: z.string(), name: z.string().nullable(), price: z.number().int(), at: timestamp }),
    ),
  }),
  async collect(db, userId) {
    const rows = await db
      .select({
        item: shopPurchases.itemId,
        name: shopItems.name,
        price: shopPurchases.price,
        at: shopPurchases.createdAt,
      })
      .from(shopPurchases)
      .leftJoin(shopItems, eq(shopItems.id, shopPurchases.itemId))
      .where(eq(shopPurchases.userId, userId))
      .orderBy(asc(shopPurchases.createdAt), asc(shopPurchases.id));
    return { purchases: rows.map((p) => ({ item: p.item, name: p.name, price: p.price, at: iso(p.at) })) };
  },
});
