import type { CompletedLesson } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { nextLessonPath } from "../lib/course-progress.ts";
import { courseToContinue, hasFullAccess } from "../lib/learner-order.ts";
import { courseQuery } from "./get-course.ts";
import { coursesQuery } from "./get-courses.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The caller's completed lessons (under "progress": a completion refreshes it with the rest). */
export const completedLessonsQuery = () =>
  queryOptions({
    queryKey: queryKeys.progress.completedLessons(),
    queryFn: ({ signal }) => api<CompletedLesson[]>("users/completed-lessons", { signal }),
  });

export type NextLesson = { path: string; lessonTitle: string; courseTitle: string };

/**
 * Where a signed-in learner goes on: the first unfinished lesson of the course they are in (or, new or
 * done with it, of the next course they can open; free ones first without access), from the spec's reads
 * (the catalogue with progress, the completed lessons, the course). `next` is null while those load,
 * when signed out, and when nothing is left; `isNew` is true for a learner who has completed no lesson.
 */
export function useNextLesson(): { next: NextLesson | null; isNew: boolean } {
  const { status, profile } = useSession();
  const signedIn = status === "signed-in";
  const courses = useQuery({ ...coursesQuery(null), enabled: signedIn });
  const completed = useQuery({ ...completedLessonsQuery(), enabled: signedIn });
  const course =
    signedIn && courses.data && completed.data
      ? courseToContinue(courses.data, completed.data, hasFullAccess(profile))
      : null;
  const detail = useQuery({ ...courseQuery(course?.slug ?? ""), enabled: course !== null });
  const path = detail.data ? nextLessonPath(detail.data) : null;
  const lesson = detail.data?.chapters
    .flatMap((chapter) => chapter.lessons)
    .find((candidate) => path?.endsWith(`/${candidate.slug}`));
  return {
    next: path && lesson && detail.data ? { path, lessonTitle: lesson.title, courseTitle: detail.data.title } : null,
    isNew: signedIn && completed.data?.length === 0,
  };
}
