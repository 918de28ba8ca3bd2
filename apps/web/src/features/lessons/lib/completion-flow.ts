import type { ChapterBadge, LessonCompleteResult } from "@neonlab/shared/schemas/learning";

export type CompletionOpeners = {
  lesson: (input: { xp: number }) => Promise<void>;
  streak: (input: { count: number }) => Promise<void>;
  chapter: (badge: Pick<ChapterBadge, "name" | "image">) => Promise<void>;
  course: () => Promise<void>;
};

/**
 * Opens the completion dialogs one after another (spec §4): lesson, then streak when the day's
 * first completion extended it, then the chapter badge, then the course.
 */
export async function runCompletionDialogs(result: LessonCompleteResult, open: CompletionOpeners): Promise<void> {
  await open.lesson({ xp: result.xpAwarded });
  if (result.streak.extended) await open.streak({ count: result.streak.count });
  if (result.chapterCompleted) {
    await open.chapter({ name: result.chapterCompleted.name, image: result.chapterCompleted.image });
  }
  if (result.courseCompleted) await open.course();
}
