import type { ModuleParts } from "../../app/module-manifest.ts";
import { accessRoutes } from "./access/routes.ts";
import { dataExportRoutes } from "./data-export/routes.ts";
import { prepareExport } from "./data-export/service.ts";
import { userRoutes } from "./users/routes.ts";
import { accountExportSection, sessionsExportSection } from "./accounts/export-section.ts";
import { preferencesExportSection, profileExportSection } from "./profiles/export-section.ts";
import { messagesExportSection } from "./users/export-section.ts";

export const manifest = {
  users: {
    name: "identity",
    routes: { users: userRoutes },
    exportSections: [
      accountExportSection,
      profileExportSection,
      preferencesExportSection,
      sessionsExportSection,
      messagesExportSection,
    ],
  },
  access: { name: "identity", routes: { access: accessRoutes } },
  dataExport: {
    name: "identity",
    routes: { "data-export": dataExportRoutes },
    jobs: [
      {
        name: "prepare-data-export",
        handler: ({ exportId }, ctx) => prepareExport(ctx, exportId),
      },
    ],
  },
} satisfies ModuleParts;
