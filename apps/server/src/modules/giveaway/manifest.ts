import type { ModuleManifest } from "../../app/module-manifest.ts";
import { giveawayAdminRoutes } from "./admin-routes.ts";
import { drawRound } from "./draw.ts";
import { giveawayRoutes } from "./routes.ts";

export const manifest: ModuleManifest = {
  name: "giveaway",
  routes: { giveaway: giveawayRoutes, "giveaway-admin": giveawayAdminRoutes },
  jobs: [{ name: "giveaway-draw", handler: ({ roundId }, ctx) => drawRound(ctx.transaction, roundId) }],
};
