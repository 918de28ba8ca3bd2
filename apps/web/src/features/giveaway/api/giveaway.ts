import type { GiveawayRoundsPage, GiveawayState, GiveawayTicketsPage } from "@neonlab/shared/schemas/giveaway";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** GET giveaway: the current round and the caller's entry; asked every 3 s while a round waits for its draw. */
export const useGiveaway = () =>
  useQuery({
    queryKey: queryKeys.giveaway.state(),
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
    onSuccess: (state) => queryClient.setQueryData(queryKeys.giveaway.state(), state),
  });
}

export const pastRoundsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.giveaway.rounds(),
    queryFn: ({ pageParam, signal }) =>
      api<GiveawayRoundsPage>("giveaway/rounds", { query: { limit: 5, before: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
  });

export const usePastRounds = () => useInfiniteQuery(pastRoundsQuery());

/** One keyset page of a drawn round's sorted tickets (after = the previous page's next). */
export const getTicketsPage = (roundId: number, after: string | null, limit: number, signal?: AbortSignal) =>
  api<GiveawayTicketsPage>(`giveaway/rounds/${roundId}/tickets`, {
    query: { limit, after: after ?? undefined },
    signal,
  });

/** Every ticket of a drawn round, page after page (the draw check needs the whole list). */
export async function getAllTickets(roundId: number): Promise<string[]> {
  const tickets: string[] = [];
  let after: string | null = null;
  do {
    const page: GiveawayTicketsPage = await getTicketsPage(roundId, after, 1000);
    tickets.push(...page.tickets);
    after = page.next;
  } while (after !== null);
  return tickets;
}

/** The tickets shown on the page: 100 at a time, more on request. */
export const useTickets = (roundId: number, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.giveaway.tickets(roundId),
    queryFn: ({ pageParam, signal }) => getTicketsPage(roundId, pageParam, 100, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
