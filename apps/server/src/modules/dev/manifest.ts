import type { ModuleManifest } from "../../app/module-manifest.ts";
import { devRoutes } from "./routes.ts";

export const manifest: ModuleManifest = {
  name: "dev",
  routes: { dev: devRoutes },
  // Never in production: only on a local install or with DEV_OUTBOX=true.
  onlyWhen: (config) => config.devOutbox,
};
