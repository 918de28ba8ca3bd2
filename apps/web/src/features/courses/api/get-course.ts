import type { CourseDetail } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** One course with its chapters, lessons and the caller's progress. */
export const getCourse = (slug: string, signal?: AbortSignal) =>
  api<CourseDetail>(`courses/${encodeURIComponent(slug)}`, { signal });

export const courseQuery = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.courses.detail(slug),
    queryFn: ({ signal }) => getCourse(slug, signal),
  });

export const useCourse = (slug: string) => useQuery(courseQuery(slug));
