import type { CourseCategory } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQuery } from "../../../lib/api-client.ts";

export const courseCategoriesQuery = () =>
  queryOptions({
    queryKey: ["courses", "categories"] as const,
    ...getQuery<CourseCategory[]>("course-categories"),
    staleTime: 5 * 60_000,
  });

export const useCourseCategories = () => useQuery(courseCategoriesQuery());
