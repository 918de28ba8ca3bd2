import type { InviteResult, Invites, ReferralManageInput } from "@neonlab/shared/schemas/referrals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** GET /api/users/referrals: own invites and their states. */
export const useInvites = () => useQuery({ queryKey: queryKeys.referrals(), ...getQuery<Invites>("users/referrals") });

/** POST /api/users/referrals {email}. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<InviteResult>("users/referrals", { method: "POST", body: { email } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.referrals() }),
  });
}

/** POST /api/users/referrals/manage {referral, email, sendNotification}. */
export function useManageInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferralManageInput) =>
      api<InviteResult>("users/referrals/manage", { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.referrals() }),
  });
}
