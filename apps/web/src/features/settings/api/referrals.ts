import type { InviteResult, Invites, ReferralManageInput } from "@neonlab/shared/schemas/referrals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getQuery } from "../../../lib/api-client.ts";

const key = ["referrals"] as const;

/** GET /api/users/referrals: own invites and their states. */
export const useInvites = () => useQuery({ queryKey: key, ...getQuery<Invites>("users/referrals") });

/** POST /api/users/referrals {email}. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<InviteResult>("users/referrals", { method: "POST", body: { email } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/users/referrals/manage {referral, email, sendNotification}. */
export function useManageInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferralManageInput) =>
      api<InviteResult>("users/referrals/manage", { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
