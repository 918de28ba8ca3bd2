import type { ModuleManifest } from "../../app/module-manifest.ts";
import { userRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "users", routes: { users: userRoutes } };
