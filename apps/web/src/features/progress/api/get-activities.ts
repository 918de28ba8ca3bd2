import type { Activity } from "@neonlab/shared/schemas/progress";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** A user's last activities, newest first (the caller's own without a user id). */
export const getActivities = (userId: string | null, signal?: AbortSignal) =>
  api<Activity[]>("users/activities", { query: { userId }, signal });

export const activitiesQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.progress.activities(userId),
    queryFn: ({ signal }) => getActivities(userId, signal),
  });

export const useActivities = (userId: string | null) => useQuery(activitiesQuery(userId));
