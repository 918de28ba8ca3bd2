import type { ModuleManifest } from "../../app/module-manifest.ts";
import { reportRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "reports", routes: { reports: reportRoutes } };
