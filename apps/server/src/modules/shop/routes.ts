import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { buyShopItemResultSchema, buyShopItemSchema, shopStateSchema } from "@neonlab/shared/schemas/shop";
import { requireUser } from "../../session-guards.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { buyShopItem, getShopState } from "./service.ts";

/** The shop: its catalogue with the caller's balance and inventory, and buying (spec §7 users/buy-shop-item). */
export async function shopRoutes(app: FastifyInstance, { ctx: { db } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["shop"];

  r.get(
    "/api/users/shop",
    {
      schema: {
        tags,
        operationId: "getShop",
        summary: "The shop's items with the caller's NeonBits, owned freezes and active XP boost",
        response: { 200: shopStateSchema },
      },
    },
    async (request) => getShopState(db, requireUser(request).id),
  );

  r.post(
    "/api/users/buy-shop-item",
    {
      schema: {
        tags,
        operationId: "buyShopItem",
        summary: "Buy one shop item with NeonBits (one transaction; 409 when the balance is short)",
        body: buyShopItemSchema,
        response: { 200: buyShopItemResultSchema },
      },
    },
    async (request) => buyShopItem(db, requireUser(request).id, request.body.item),
  );
}
