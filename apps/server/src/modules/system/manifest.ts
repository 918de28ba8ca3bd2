import type { ModuleManifest } from "../../app/module-manifest.ts";
import { systemRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "system", routes: { system: systemRoutes } };
