import type { CourseChapter, CourseDetail, CourseProgress } from "@neonlab/shared/schemas/learning";

/** Whole-number percentage of lessons done. */
export function progressPercent({ completed_lessons, total_lessons }: CourseProgress): number {
  if (total_lessons <= 0) return 0;
  return Math.min(100, Math.round((completed_lessons / total_lessons) * 100));
}

/** The lesson the "Start" / "Continue" button opens: the first open lesson not yet done, else the first one. */
export function nextLessonPath(course: CourseDetail): string | null {
  const lessons = course.chapters.flatMap((chapter) => chapter.lessons);
  const next = lessons.find((l) => !l.completed && !l.locked) ?? lessons.find((l) => !l.locked);
  return next ? `/courses/${course.slug}/${next.slug}` : null;
}

export const chapterDone = (chapter: CourseChapter) => chapter.lessons.filter((l) => l.completed).length;
