import type { CourseCategory } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getCourseCategories = (signal?: AbortSignal) => api<CourseCategory[]>("course-categories", { signal });

export const courseCategoriesQuery = () =>
  queryOptions({
    queryKey: ["courses", "categories"] as const,
    queryFn: ({ signal }) => getCourseCategories(signal),
    staleTime: 5 * 60_000,
  });

export const useCourseCategories = () => useQuery(courseCategoriesQuery());
