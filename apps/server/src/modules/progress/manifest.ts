import type { ModuleManifest } from "../../app/module-manifest.ts";
import { compactRankHistograms, RANK_COMPACT_EVERY_MS } from "./rank-compaction.ts";
import { progressRoutes } from "./routes.ts";

export const manifest: ModuleManifest = {
  name: "progress",
  routes: { progress: progressRoutes },
  // On each instance: concurrent folds are safe (drizzle/0023).
  timers: [
    { name: "rank histogram fold", everyMs: RANK_COMPACT_EVERY_MS, run: (ctx) => compactRankHistograms(ctx.db) },
  ],
};
