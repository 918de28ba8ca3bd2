import type { BuyShopItemResult, ShopItemId, ShopState } from "@neonlab/shared/schemas/shop";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { queryKeys } from "../../../lib/query-keys.ts";

export const shopQuery = () =>
  queryOptions({
    queryKey: queryKeys.shop.state(),
    queryFn: ({ signal }) => api<ShopState>("users/shop", { signal }),
  });

export const useShop = () => useQuery(shopQuery());

/** POST users/buy-shop-item {item} (spec §7); then the shop, the streak, the ledger and the header's counters refresh. */
export function useBuyShopItem() {
  const queryClient = useQueryClient();
  const { refreshProfile } = useSession();
  return useMutation({
    mutationFn: (item: ShopItemId) => api<BuyShopItemResult>("users/buy-shop-item", { method: "POST", body: { item } }),
    onSuccess: async (result) => {
      const { message: _message, purchaseId: _id, ...state } = result;
      queryClient.setQueryData(queryKeys.shop.state(), state);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.progress.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all() }),
        refreshProfile(),
      ]);
    },
  });
}
