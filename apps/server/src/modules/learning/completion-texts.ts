import type { CompletionContext } from "./lesson-lookup.ts";

/**
 * What a completion writes as words and links (ledger descriptions, activity titles), for both paths:
 * the one call (completion-one-call.ts) and the locking path (completion-service.ts) write the same rows.
 */
export function completionTexts({ lesson, chapter, course, badge }: CompletionContext) {
  const courseLink = `/courses/${course.slug}`;
  return {
    courseLink,
    lessonLink: `${courseLink}/${lesson.slug}`,
    xpReference: `lesson:${lesson.id}`,
    xpDescription: `Completed lesson: ${lesson.title}`,
    lessonActivity: `Completed the lesson ${lesson.title}`,
    chapterReference: `chapter:${chapter.id}`,
    chapterDescription: `Completed chapter: ${chapter.title} (badge ${badge.name})`,
    chapterActivity: `Earned the ${badge.name} badge in ${course.title}`,
    courseReference: `course:${course.id}`,
    courseDescription: `Completed course: ${course.title}`,
    courseActivity: `Completed the course ${course.title}`,
  };
}
