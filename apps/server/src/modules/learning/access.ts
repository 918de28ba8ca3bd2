import type { Db } from "../../db/client.ts";
import { forbidden } from "../../errors.ts";
import { userHasAccess } from "../identity/service.ts";

export const PREMIUM_LESSON_MESSAGE =
  "This lesson is part of a premium course. Upgrade to Pro on the pricing page to unlock it; the first chapter is a free preview.";

/** Premium lessons need has_access, except in the course's first chapter (the free preview). */
export async function assertLessonAccess(
  db: Db,
  userId: string | null | undefined,
  lesson: { premium: boolean; chapterOrder: number; firstChapterOrder: number },
) {
  if (!lesson.premium || lesson.chapterOrder <= lesson.firstChapterOrder) return;
  if (!(await userHasAccess(db, userId))) throw forbidden(PREMIUM_LESSON_MESSAGE);
}
