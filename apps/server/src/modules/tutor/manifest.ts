import type { ModuleManifest } from "../../app/module-manifest.ts";
import { tutorRoutes } from "./routes.ts";
import { tutorExportSection } from "./export-section.ts";

export const manifest: ModuleManifest = {
  name: "tutor",
  routes: { tutor: tutorRoutes },
  exportSections: [tutorExportSection],
};
