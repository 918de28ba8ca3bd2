import type { CourseCategory } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export const courseCategoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.courses.categories(),
    ...getQuery<CourseCategory[]>("course-categories"),
    staleTime: 5 * 60_000,
  });

export const useCourseCategories = () => useQuery(courseCategoriesQuery());
