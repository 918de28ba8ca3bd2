import type { ModuleManifest } from "../../app/module-manifest.ts";
import { adminRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "admin", routes: { admin: adminRoutes } };
