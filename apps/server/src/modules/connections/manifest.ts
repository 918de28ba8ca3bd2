import type { ModuleParts } from "../../app/module-manifest.ts";
import { referralRoutes } from "./referrals/routes.ts";
import { connectionRoutes } from "./routes.ts";
import { deleteConnectionsOf } from "./service.ts";

export const manifest = {
  connections: {
    name: "connections",
    routes: { connections: connectionRoutes },
    subscriptions: [
      {
        event: "account.deleted",
        phase: "inTransaction",
        handler: ({ userId }, tx) => deleteConnectionsOf(tx, userId),
      },
    ],
  },
  referrals: { name: "connections", routes: { referrals: referralRoutes } },
} satisfies ModuleParts;
