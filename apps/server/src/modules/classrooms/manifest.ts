import type { ModuleManifest } from "../../app/module-manifest.ts";
import { classroomsExportSection } from "./export-section.ts";
import { classroomRoutes } from "./routes.ts";
import { leaveAllClassrooms } from "./service.ts";

export const manifest: ModuleManifest = {
  name: "classrooms",
  routes: { classrooms: classroomRoutes },
  exportSections: [classroomsExportSection],
  subscriptions: [
    { event: "account.deleted", phase: "inTransaction", handler: ({ userId }, tx) => leaveAllClassrooms(tx, userId) },
  ],
};
