import type { ModuleManifest } from "../../app/module-manifest.ts";
import { dataExportRoutes } from "./routes.ts";
import { prepareExport } from "./service.ts";

export const manifest: ModuleManifest = {
  name: "data-export",
  routes: { "data-export": dataExportRoutes },
  jobs: [
    {
      name: "prepare-data-export",
      handler: ({ exportId }, ctx) => prepareExport(ctx.transaction, exportId, ctx.config.PUBLIC_URL),
    },
  ],
};
