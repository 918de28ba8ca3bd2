import type { CompletedChapter } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The signed-in user's completed chapters, each with its badge. */
export const getCompletedChapters = (signal?: AbortSignal) =>
  api<CompletedChapter[]>("users/completed-chapters", { signal });

export const completedChaptersQuery = () =>
  queryOptions({
    queryKey: queryKeys.progress.completedChapters(),
    queryFn: ({ signal }) => getCompletedChapters(signal),
  });

export const useCompletedChapters = (enabled = true) => useQuery({ ...completedChaptersQuery(), enabled });
