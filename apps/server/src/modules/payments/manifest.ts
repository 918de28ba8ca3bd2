import type { ModuleManifest } from "../../app/module-manifest.ts";
import { cancelAtProvider, detachDeletedAccount } from "./account-deletion.ts";
import { paymentRoutes } from "./routes.ts";
import { paymentsExportSection } from "./export-section.ts";

export const manifest: ModuleManifest = {
  name: "payments",
  routes: { payments: paymentRoutes },
  exportSections: [paymentsExportSection],
  subscriptions: [
    {
      event: "account.deleted",
      phase: "inTransaction",
      handler: ({ userId }, tx, ctx) => detachDeletedAccount(ctx.jobs, tx, userId),
    },
    // The provider cancels right after the commit.
    {
      event: "account.deleted",
      phase: "afterCommit",
      handler: (_deleted, ctx) => ctx.jobs.wake("cancel-subscription"),
    },
  ],
  jobs: [{ name: "cancel-subscription", handler: ({ subscriptionId }, ctx) => cancelAtProvider(ctx, subscriptionId) }],
};
