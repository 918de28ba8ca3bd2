import type { ModuleParts } from "../../app/module-manifest.ts";
import { giveawayAdminRoutes } from "./giveaway/admin-routes.ts";
import { drawRound } from "./giveaway/draw.ts";
import { giveawayRoutes } from "./giveaway/routes.ts";
import { shopRoutes } from "./routes.ts";
import { shopExportSection } from "./export-section.ts";
import { giveawayExportSection } from "./giveaway/export-section.ts";

export const manifest = {
  shop: { name: "shop", routes: { shop: shopRoutes }, exportSections: [shopExportSection] },
  giveaway: {
    name: "shop",
    routes: { giveaway: giveawayRoutes, "giveaway-admin": giveawayAdminRoutes },
    exportSections: [giveawayExportSection],
    jobs: [{ name: "giveaway-draw", handler: ({ roundId }, ctx) => drawRound(ctx.transaction, roundId) }],
  },
} satisfies ModuleParts;
