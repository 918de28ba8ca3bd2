import type { CourseDetail } from "@neonlab/shared/schemas/learning";
import type { StarRating } from "@neonlab/shared/schemas/votes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { courseQuery } from "./get-course.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Sets the caller's stars on a course (changeable); the course's rating after it. */
export const rateCourse = (courseId: number, stars: number) =>
  api<StarRating>(`courses/${courseId}/vote`, { method: "POST", query: { stars } });

/** Rates a course and shows the new rating on its page at once; the catalogue refetches its averages. */
export function useRateCourse(course: Pick<CourseDetail, "id" | "slug">) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stars: number) => rateCourse(course.id, stars),
    onSuccess: (rating) => {
      client.setQueryData(courseQuery(course.slug).queryKey, (old) => (old ? { ...old, rating } : old));
      void client.invalidateQueries({ queryKey: queryKeys.courses.all(), refetchType: "inactive" });
    },
  });
}
