import type { Streak } from "@neonlab/shared/schemas/progress";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const getStreak = (signal?: AbortSignal) => api<Streak>("users/streak", { signal });

export const streakQuery = () =>
  queryOptions({ queryKey: queryKeys.progress.streak(), queryFn: ({ signal }) => getStreak(signal) });

export const useStreak = (enabled = true) => useQuery({ ...streakQuery(), enabled });
