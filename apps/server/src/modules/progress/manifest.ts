import type { ModuleParts } from "../../app/module-manifest.ts";
import { progressExportSection } from "./export-section.ts";
import { notePresence } from "./presence-service.ts";
import { profileViewRoutes } from "./profile-view/routes.ts";
import { compactRankHistograms, RANK_COMPACT_EVERY_MS } from "./rank-compaction.ts";
import { progressRoutes } from "./routes.ts";

export const manifest = {
  profileView: { name: "progress", routes: { profiles: profileViewRoutes } },
  progress: {
    name: "progress",
    routes: { progress: progressRoutes },
    exportSections: [progressExportSection],
    // When the learner was last seen, for the streak's rule on writes made offline (presence-service.ts).
    signedInHooks: [{ name: "presence", run: (userId, ctx) => notePresence(ctx, userId) }],
    // On each instance: concurrent folds are safe (drizzle/0023).
    timers: [
      { name: "rank histogram fold", everyMs: RANK_COMPACT_EVERY_MS, run: (ctx) => compactRankHistograms(ctx.db) },
    ],
  },
} satisfies ModuleParts;
