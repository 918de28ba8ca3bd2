import type { ModuleManifest } from "../../app/module-manifest.ts";
import { profileViewRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "profile-view", routes: { profiles: profileViewRoutes } };
