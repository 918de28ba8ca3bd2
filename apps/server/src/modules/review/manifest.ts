import type { ModuleManifest } from "../../app/module-manifest.ts";
import { reviewExportSection } from "./export-section.ts";
import { reviewRoutes } from "./routes.ts";
import { addMissedQuiz } from "./service.ts";

export const manifest: ModuleManifest = {
  name: "review",
  routes: { review: reviewRoutes },
  // The card is written with the wrong answer's attempt: a missed quiz is never lost to a crash in between.
  subscriptions: [{ event: "quiz.missed", phase: "inTransaction", handler: (missed, tx) => addMissedQuiz(tx, missed) }],
  exportSections: [reviewExportSection],
};
