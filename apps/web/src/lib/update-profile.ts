import type { OwnProfile, UpdateProfileInput } from "@neonlab/shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { PROFILE_QUERY_KEY } from "./session.tsx";

export const updateProfile = (input: UpdateProfileInput) => api<OwnProfile>("profile", { method: "PUT", body: input });

/** PUT /api/profile; the answer replaces the cached own profile (header, settings, editor). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
