import type { ModuleParts } from "../../app/module-manifest.ts";
import { referralRoutes } from "./referrals/routes.ts";
import { confirmAccount, linkNewAccount } from "./referrals/service.ts";
import { connectionRoutes } from "./routes.ts";
import { deleteConnectionsOf } from "./service.ts";
import { connectionsExportSection } from "./export-section.ts";
import { referralsExportSection } from "./referrals/export-section.ts";

export const manifest = {
  connections: {
    name: "connections",
    routes: { connections: connectionRoutes },
    exportSections: [connectionsExportSection],
    subscriptions: [
      {
        event: "account.deleted",
        phase: "inTransaction",
        handler: ({ userId }, tx) => deleteConnectionsOf(tx, userId),
      },
    ],
  },
  referrals: {
    name: "connections",
    routes: { referrals: referralRoutes },
    exportSections: [referralsExportSection],
    // A sign-up through an invite is linked to it; its confirmation pays the inviter once (decision 031).
    accountHooks: {
      created: (account, tx) => linkNewAccount(tx, account),
      confirmed: (userId, tx) => confirmAccount(tx, userId),
    },
  },
} satisfies ModuleParts;
