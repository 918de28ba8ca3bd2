import type { ModuleManifest } from "../../app/module-manifest.ts";
import { learningRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "learning", routes: { learning: learningRoutes } };
