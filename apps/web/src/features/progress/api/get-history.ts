import type { History } from "@neonlab/shared/schemas/progress";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Why XP, NeonBits and the streak are what they are: newest first. */
export const getHistory = (limit: number, signal?: AbortSignal) =>
  api<History>("users/history", { query: { limit }, signal });

export const historyQuery = (limit: number) =>
  queryOptions({
    queryKey: ["progress", "history", limit] as const,
    queryFn: ({ signal }) => getHistory(limit, signal),
  });

export const useHistory = (limit = 50) => useQuery(historyQuery(limit));
