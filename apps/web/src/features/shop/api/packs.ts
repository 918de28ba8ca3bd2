import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { type CurrencyPack, readPacks } from "../lib/packs.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * The NeonBits packs (GET stripe/currency-product, served by the payments module). When the call
 * fails or the payments module is not there, the list is empty and the shop says packs are unavailable.
 */
export const usePacks = () =>
  useQuery({
    queryKey: queryKeys.shop.packs(),
    queryFn: async ({ signal }): Promise<CurrencyPack[]> =>
      readPacks(await api<unknown>("stripe/currency-product", { signal })),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** GET stripe/currency-session?priceId=…: the provider's checkout address for one pack. */
export async function currencySessionUrl(priceId: string): Promise<string> {
  const answer = await api<unknown>("stripe/currency-session", { query: { priceId } });
  const url = typeof answer === "string" ? answer : (answer as { url?: unknown } | null)?.url;
  if (typeof url !== "string" || !url) throw new Error("no session URL");
  return url;
}
