import type { ModuleParts } from "../../app/module-manifest.ts";
import { accessRoutes } from "./access/routes.ts";
import { dataExportRoutes } from "./data-export/routes.ts";
import { prepareExport } from "./data-export/service.ts";
import { profileViewRoutes } from "./profile-view/routes.ts";
import { userRoutes } from "./users/routes.ts";

export const manifest = {
  profileView: { name: "identity", routes: { profiles: profileViewRoutes } },
  users: { name: "identity", routes: { users: userRoutes } },
  access: { name: "identity", routes: { access: accessRoutes } },
  dataExport: {
    name: "identity",
    routes: { "data-export": dataExportRoutes },
    jobs: [
      {
        name: "prepare-data-export",
        handler: ({ exportId }, ctx) => prepareExport(ctx.transaction, exportId, ctx.config.PUBLIC_URL),
      },
    ],
  },
} satisfies ModuleParts;
