import type { Rank, RankPeriod } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Top 50 by XP (all time or since Monday 00:00 UTC) plus the caller's own row. */
export const getRank = (period: RankPeriod, signal?: AbortSignal) => api<Rank>("rank", { query: { period }, signal });

export const rankQuery = (period: RankPeriod) =>
  queryOptions({ queryKey: ["rank", period] as const, queryFn: ({ signal }) => getRank(period, signal) });

export const useRank = (period: RankPeriod) => useQuery(rankQuery(period));
