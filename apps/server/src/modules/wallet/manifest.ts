import type { ModuleManifest } from "../../app/module-manifest.ts";
import { ledgerRoutes } from "./ledger/routes.ts";
import { ledgerExportSection } from "./ledger/export-section.ts";

export const manifest: ModuleManifest = {
  name: "wallet",
  routes: { ledger: ledgerRoutes },
  exportSections: [ledgerExportSection],
};
