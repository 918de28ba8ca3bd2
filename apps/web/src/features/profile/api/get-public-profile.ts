import type { PublicProfile } from "@neonlab/shared/schemas/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getPublicProfile = (username: string, signal?: AbortSignal) =>
  api<PublicProfile>(`profiles/${encodeURIComponent(username)}`, { signal });

export const publicProfileQuery = (username: string) =>
  queryOptions({
    queryKey: ["profiles", username] as const,
    queryFn: ({ signal }) => getPublicProfile(username, signal),
  });

export const usePublicProfile = (username: string) => useQuery(publicProfileQuery(username));
