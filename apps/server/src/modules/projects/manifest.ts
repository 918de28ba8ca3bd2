import type { ModuleManifest } from "../../app/module-manifest.ts";
import { projectRoutes } from "./routes.ts";
import { projectsExportSection } from "./export-section.ts";

export const manifest: ModuleManifest = {
  name: "projects",
  routes: { projects: projectRoutes },
  exportSections: [projectsExportSection],
};
