import type { ModuleParts } from "../../app/module-manifest.ts";
import { adminRoutes } from "./admin/routes.ts";
import { devRoutes } from "./dev/routes.ts";
import { systemRoutes } from "./system/routes.ts";

export const manifest = {
  system: { name: "platform", routes: { system: systemRoutes } },
  admin: { name: "platform", routes: { admin: adminRoutes } },
  dev: {
    name: "platform",
    routes: { dev: devRoutes },
    // Never in production: only on a local install or with DEV_OUTBOX=true.
    onlyWhen: (config) => config.devOutbox,
  },
} satisfies ModuleParts;
