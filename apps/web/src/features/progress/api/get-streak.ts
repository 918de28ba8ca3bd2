import type { Streak } from "@neonlab/shared/schemas/progress";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getStreak = (signal?: AbortSignal) => api<Streak>("users/streak", { signal });

export const streakQuery = () =>
  queryOptions({ queryKey: ["progress", "streak"] as const, queryFn: ({ signal }) => getStreak(signal) });

export const useStreak = (enabled = true) => useQuery({ ...streakQuery(), enabled });
