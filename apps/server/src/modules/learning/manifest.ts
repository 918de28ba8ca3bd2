import type { ModuleManifest } from "../../app/module-manifest.ts";
import { learningRoutes } from "./routes.ts";
import { learningExportSection } from "./export-section.ts";
import { votesExportSection } from "./votes/export-section.ts";

export const manifest: ModuleManifest = {
  name: "learning",
  routes: { learning: learningRoutes },
  exportSections: [learningExportSection, votesExportSection],
};
