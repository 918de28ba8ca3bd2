import { CHAPTER_NEONBITS } from "@neonlab/shared/constants";
import type { ChapterBadge, LessonCompleteResult } from "@neonlab/shared/schemas/learning";

export type CompletionOpeners = {
  lesson: (input: { xp: number }) => Promise<void>;
  streak: (input: { count: number }) => Promise<void>;
  chapter: (badge: Pick<ChapterBadge, "name" | "image"> & { neonbits: number }) => Promise<void>;
  course: (input: { neonbits: number }) => Promise<void>;
};

/**
 * Opens the completion dialogs one after another (spec §4): lesson, then streak when the day's
 * first completion extended it, then the chapter badge, then the course. The NeonBits of the answer are
 * the chapter's and the course's together: the chapter dialog names the chapter's, the course one the rest.
 */
export async function runCompletionDialogs(result: LessonCompleteResult, open: CompletionOpeners): Promise<void> {
  await open.lesson({ xp: result.xpAwarded });
  if (result.streak.extended) await open.streak({ count: result.streak.count });
  const chapterBits = result.chapterCompleted ? Math.min(CHAPTER_NEONBITS, result.neonbitsAwarded) : 0;
  if (result.chapterCompleted) {
    await open.chapter({
      name: result.chapterCompleted.name,
      image: result.chapterCompleted.image,
      neonbits: chapterBits,
    });
  }
  if (result.courseCompleted) await open.course({ neonbits: result.neonbitsAwarded - chapterBits });
}
