import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../query-keys.ts";
import { toast } from "../toasts.ts";
import type { SyncReport } from "./queue.ts";

/**
 * Shows what a sync of the offline queue came to (the page's own run or one the service worker kept), each
 * action once (`reported`: ids already shown), and refreshes what moved on the server. Returns whether
 * anything was sent.
 */
export function announceSync(report: SyncReport, reported: Set<string>, queryClient: QueryClient): boolean {
  if (report.done.length === 0 && report.refused.length === 0) return false;
  for (const { action, result } of report.completed) {
    if (reported.has(action.id)) continue;
    reported.add(action.id);
    const xp = (result as { xpAwarded?: number } | null)?.xpAwarded ?? 0;
    toast.success(`“${action.lessonTitle}” is completed${xp > 0 ? `: +${xp} XP` : ""}.`, { title: "Synced" });
  }
  for (const { action, result } of report.reviewed) {
    if (reported.has(action.id)) continue;
    reported.add(action.id);
    const verdict = result as { correct?: boolean; xp_awarded?: number } | null;
    const xp = verdict?.xp_awarded ?? 0;
    const text = `Your review answer from “${action.lessonTitle}” was ${verdict?.correct ? "right" : "wrong"}`;
    toast[verdict?.correct ? "success" : "info"](`${text}${xp > 0 ? `: +${xp} XP` : ""}.`, {
      title: "Review synced",
    });
  }
  for (const { action, reason } of report.refused) {
    if (reported.has(action.id)) continue;
    reported.add(action.id);
    if (action.kind === "review") {
      toast.error(`Your review answer from “${action.lessonTitle}” could not be graded: ${reason}`, {
        title: "Review not graded",
        autoClose: false,
      });
      continue;
    }
    toast.error(`“${action.lessonTitle}” could not be synced: ${reason} The lesson is open again.`, {
      title: "Not completed",
      autoClose: false,
    });
  }
  // Progress, XP, streak and the lessons themselves moved on the server.
  for (const key of [
    ["lessons"],
    queryKeys.courses.all(),
    queryKeys.progress.all(),
    queryKeys.rank.all(),
    queryKeys.profiles.all(),
    queryKeys.me(),
    queryKeys.review.all(),
  ]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
  return true;
}
