import type { ModuleManifest } from "../../app/module-manifest.ts";
import { reportRoutes } from "./routes.ts";
import { reportsExportSection } from "./export-section.ts";

export const manifest: ModuleManifest = {
  name: "reports",
  routes: { reports: reportRoutes },
  exportSections: [reportsExportSection],
};
