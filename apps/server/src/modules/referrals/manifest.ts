import type { ModuleManifest } from "../../app/module-manifest.ts";
import { referralRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "referrals", routes: { referrals: referralRoutes } };
