import type { LedgerPage } from "@neonlab/shared/schemas/shop";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const PAGE = 20;

/** GET users/ledger: the caller's NeonBits changes, newest first, 20 a page (keyset: before=<next>). */
export const ledgerQuery = () =>
  infiniteQueryOptions({
    queryKey: ["wallet", "ledger"] as const,
    queryFn: ({ pageParam, signal }) =>
      api<LedgerPage>("users/ledger", { query: { limit: PAGE, before: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const useLedger = () => useInfiniteQuery(ledgerQuery());
