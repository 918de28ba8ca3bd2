import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryKeys } from "../../../lib/query-keys.ts";

const FAST_MS = 1000;
const SLOW_MS = 5000;
const FAST_FOR_MS = 60_000;

/**
 * Asks the server until `confirmed(answer)` says the provider's event has been applied: every second for
 * a minute, then every 5 seconds. The return page never grants anything; it only waits to be told.
 * Once confirmed, the profile (has_access, NeonBits) is loaded again.
 */
export function useServerConfirmation<T>(
  queryKey: readonly unknown[],
  fetcher: () => Promise<T>,
  confirmed: (answer: T) => boolean,
) {
  const [startedAt] = useState(() => Date.now());
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.payments.untilConfirmed(queryKey),
    queryFn: fetcher,
    refetchInterval: (q) =>
      q.state.data !== undefined && confirmed(q.state.data)
        ? false
        : Date.now() - startedAt < FAST_FOR_MS
          ? FAST_MS
          : SLOW_MS,
    retry: 3,
    gcTime: 0,
  });
  const done = query.data !== undefined && confirmed(query.data);
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: queryKeys.me() });
  }, [done, queryClient]);
  return { done, slow: !done && Date.now() - startedAt > FAST_FOR_MS, answer: query.data, error: query.error };
}
