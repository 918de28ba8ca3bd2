import type { CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import { api } from "../api-client.ts";

const lessonPath = (course: string, lesson: string) =>
  `courses/${encodeURIComponent(course)}/lessons/${encodeURIComponent(lesson)}`;

/** The content images a lesson's Markdown shows (/api/content-assets/… paths). */
export function lessonImages(markdown: string): string[] {
  return [...new Set(markdown.match(/\/api\/content-assets\/[^\s)"'<>]+/g) ?? [])];
}

/** The course's lessons the learner can open, in order. */
export function openLessons(course: CourseDetail) {
  return course.chapters
    .toSorted((a, b) => a.chapter_order - b.chapter_order)
    .flatMap((chapter) => chapter.lessons.toSorted((a, b) => a.lesson_order - b.lesson_order))
    .filter((lesson) => !lesson.locked);
}

/** About how many bytes keeping the course's lessons takes (their text; images come on top). */
export const estimatedBytes = (course: CourseDetail): number =>
  openLessons(course).reduce((sum, lesson) => sum + lesson.word_count * 7 + 2500, 0);

/**
 * Reads `lessons` of a course and their images through the service worker, which keeps them for offline
 * use (src/sw.ts). Calls `onEach` after each lesson; a lesson that fails is skipped (counted as done).
 * Returns how many were read.
 */
export async function fetchLessonsForOffline(
  courseSlug: string,
  lessons: string[],
  onEach?: (done: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  let done = 0;
  let read = 0;
  for (const slug of lessons) {
    if (signal?.aborted) break;
    const lesson = await api<LessonDetail>(lessonPath(courseSlug, slug), { signal }).catch(() => null);
    if (lesson) {
      read++;
      await Promise.all(lessonImages(lesson.body).map((url) => fetch(url, { signal }).catch(() => undefined)));
    }
    onEach?.(++done);
  }
  return read;
}
