import type { PublicProfile } from "@neonlab/shared/schemas/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const getPublicProfile = (username: string, signal?: AbortSignal) =>
  api<PublicProfile>(`profiles/${encodeURIComponent(username)}`, { signal });

export const publicProfileQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.one(username),
    queryFn: ({ signal }) => getPublicProfile(username, signal),
  });

export const usePublicProfile = (username: string) => useQuery(publicProfileQuery(username));
