import type { ModuleManifest } from "../../app/module-manifest.ts";
import { hackRoutes } from "./routes.ts";
import { deleteHacksOf } from "./service.ts";
import { hacksExportSection } from "./export-section.ts";
import { buildPreviewSite } from "./preview-site.ts";

export const manifest: ModuleManifest = {
  name: "hacks",
  routes: { hacks: hackRoutes },
  exportSections: [hacksExportSection],
  // Hack code runs on the preview site, a second listener reached by another host name (decision 028).
  sites: [{ name: "hack preview", port: (config) => config.previewPort, build: buildPreviewSite }],
  subscriptions: [
    { event: "account.deleted", phase: "inTransaction", handler: ({ userId }, tx) => deleteHacksOf(tx, userId) },
  ],
};
