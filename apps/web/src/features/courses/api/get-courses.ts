import type { Course } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQuery } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Courses of one category (ordered by id), or all of them without a category. */
export const coursesQuery = (categoryId: number | null) =>
  queryOptions({
    queryKey: queryKeys.courses.list(categoryId),
    ...getQuery<Course[]>("courses", { categoryId }),
  });

export const useCourses = (categoryId: number | null, enabled = true) =>
  useQuery({ ...coursesQuery(categoryId), enabled });
