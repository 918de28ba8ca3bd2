import type { ModuleManifest } from "../../app/module-manifest.ts";
import { shopRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "shop", routes: { shop: shopRoutes } };
