import type { CreateGiveaway, GiveawayRound } from "@neonlab/shared/schemas/giveaway";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const useAdminRounds = () =>
  useQuery({
    queryKey: queryKeys.giveaway.adminRounds(),
    queryFn: ({ signal }) => api<GiveawayRound[]>("admin/giveaways", { query: { limit: 20 }, signal }),
  });

export function useCreateRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGiveaway) => api<GiveawayRound>("admin/giveaways", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.giveaway.all() }),
  });
}

export type AccessResult = {
  email: string;
  username: string;
  accessGranted: boolean;
  hasAccess: boolean;
  message: string;
};

export const useSetAccess = () =>
  useMutation({
    mutationFn: (input: { email: string; hasAccess: boolean }) =>
      api<AccessResult>("admin/users/access", { method: "POST", body: input }),
  });
