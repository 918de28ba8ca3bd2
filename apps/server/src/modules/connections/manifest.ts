import type { ModuleManifest } from "../../app/module-manifest.ts";
import { connectionRoutes } from "./routes.ts";
import { deleteConnectionsOf } from "./service.ts";

export const manifest: ModuleManifest = {
  name: "connections",
  routes: { connections: connectionRoutes },
  subscriptions: [
    { event: "account.deleted", phase: "inTransaction", handler: ({ userId }, tx) => deleteConnectionsOf(tx, userId) },
  ],
};
