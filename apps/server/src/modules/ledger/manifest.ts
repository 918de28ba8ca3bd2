import type { ModuleManifest } from "../../app/module-manifest.ts";
import { ledgerRoutes } from "./routes.ts";

export const manifest: ModuleManifest = { name: "ledger", routes: { ledger: ledgerRoutes } };
