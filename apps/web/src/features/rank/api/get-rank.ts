import type { Rank, RankPeriod } from "@neonlab/shared/schemas/progress";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Top 50 by XP (all time or since Monday 00:00 UTC) plus the caller's own row. */
export const rankQuery = (period: RankPeriod) =>
  queryOptions({ queryKey: queryKeys.rank.board(period), ...getQuery<Rank>("rank", { period }) });

export const useRank = (period: RankPeriod) => useQuery(rankQuery(period));
