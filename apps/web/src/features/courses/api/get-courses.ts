import type { Course } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQuery } from "../../../lib/api-client.ts";

/** Courses of one category (ordered by id), or all of them without a category. */
export const coursesQuery = (categoryId: number | null) =>
  queryOptions({
    queryKey: ["courses", "list", { categoryId }] as const,
    ...getQuery<Course[]>("courses", { categoryId }),
  });

export const useCourses = (categoryId: number | null, enabled = true) =>
  useQuery({ ...coursesQuery(categoryId), enabled });
