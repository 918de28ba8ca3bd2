import type { SaveStreakResult, Streak } from "@neonlab/shared/schemas/progress";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { queryKeys } from "../../../lib/query-keys.ts";

export type StreakAction = { type: "freeze" } | { type: "unfreeze" } | { type: "save"; save: boolean };

/** freeze-streak, unfreeze-streak and save-streak?save=true|false all answer with the new streak. */
export function manageStreak(action: StreakAction): Promise<Streak | SaveStreakResult> {
  if (action.type === "save") {
    return api<SaveStreakResult>("users/save-streak", { method: "PATCH", query: { save: String(action.save) } });
  }
  return api<Streak>(`users/${action.type}-streak`, { method: "PATCH" });
}

/** Runs a streak action, then refreshes the streak, the ledger and the header counters. */
export function useManageStreak() {
  const queryClient = useQueryClient();
  const { refreshProfile } = useSession();
  return useMutation({
    mutationFn: manageStreak,
    onSuccess: async (streak) => {
      queryClient.setQueryData(queryKeys.progress.streak(), streak);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.progress.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all() }),
        refreshProfile(),
      ]);
    },
  });
}
