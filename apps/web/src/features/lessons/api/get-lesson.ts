import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** A lesson with its quizzes (answers hidden until passed), reflections and the caller's progress. */
export const getLesson = (courseSlug: string, lessonSlug: string, signal?: AbortSignal) =>
  api<LessonDetail>(`courses/${encodeURIComponent(courseSlug)}/lessons/${encodeURIComponent(lessonSlug)}`, { signal });

export const lessonQuery = (courseSlug: string, lessonSlug: string) =>
  queryOptions({
    queryKey: queryKeys.lessons.detail(courseSlug, lessonSlug),
    queryFn: ({ signal }) => getLesson(courseSlug, lessonSlug, signal),
  });

export const useLesson = (courseSlug: string, lessonSlug: string) => useQuery(lessonQuery(courseSlug, lessonSlug));
