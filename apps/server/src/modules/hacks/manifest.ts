import type { ModuleManifest } from "../../app/module-manifest.ts";
import { hackRoutes } from "./routes.ts";
import { deleteHacksOf } from "./service.ts";

export const manifest: ModuleManifest = {
  name: "hacks",
  routes: { hacks: hackRoutes },
  subscriptions: [
    { event: "account.deleted", phase: "inTransaction", handler: ({ userId }, tx) => deleteHacksOf(tx, userId) },
  ],
};
