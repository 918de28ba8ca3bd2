import type { ModuleManifest } from "../../app/module-manifest.ts";
import { accessRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "access", routes: { access: accessRoutes } };
