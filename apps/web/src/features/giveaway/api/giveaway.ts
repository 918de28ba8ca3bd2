import type { GiveawayRoundsPage, GiveawayState } from "@neonlab/shared/schemas/giveaway";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const giveawayQueryKey = ["giveaway", "state"] as const;

/** GET giveaway: the current round and the caller's entry; asked every 3 s while a round waits for its draw. */
export const useGiveaway = () =>
  useQuery({
    queryKey: giveawayQueryKey,
    queryFn: ({ signal }) => api<GiveawayState>("giveaway", { signal }),
    refetchInterval: (query) => {
      const current = query.state.data?.current;
      return current && Date.parse(current.endsAt) <= Date.now() + 1000 ? 3000 : 60_000;
    },
  });

/** POST giveaway/enter (with the client's Idempotency-Key, like every write). */
export function useEnterGiveaway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<GiveawayState>("giveaway/enter", { method: "POST" }),
    onSuccess: (state) => queryClient.setQueryData(giveawayQueryKey, state),
  });
}

export const pastRoundsQuery = () =>
  infiniteQueryOptions({
    queryKey: ["giveaway", "rounds"] as const,
    queryFn: ({ pageParam, signal }) =>
      api<GiveawayRoundsPage>("giveaway/rounds", { query: { limit: 5, before: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
  });

export const usePastRounds = () => useInfiniteQuery(pastRoundsQuery());

export const getTickets = (roundId: number) =>
  api<{ roundId: number; entriesHash: string | null; tickets: string[] }>(`giveaway/rounds/${roundId}/tickets`);
