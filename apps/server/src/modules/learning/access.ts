import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { forbidden } from "../../errors.ts";
import { profiles } from "../profiles/schema.ts";

export const PREMIUM_LESSON_MESSAGE =
  "This lesson is part of a premium course. Upgrade to Pro on the pricing page to unlock it; the first chapter is a free preview.";

/** has_access: admins and users granted access (billing adds active subscriptions here). */
export function hasAccessFromProfile(row: { role: string; accessGranted: boolean }): boolean {
  return row.role === "admin" || row.accessGranted;
}

export async function userHasAccess(db: Db, userId: string | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db
    .select({ role: profiles.role, accessGranted: profiles.accessGranted })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ? hasAccessFromProfile(row) : false;
}

/** Premium lessons need has_access, except in the course's first chapter (the free preview). */
export async function assertLessonAccess(
  db: Db,
  userId: string | null | undefined,
  lesson: { premium: boolean; chapterOrder: number; firstChapterOrder: number },
) {
  if (!lesson.premium || lesson.chapterOrder <= lesson.firstChapterOrder) return;
  if (!(await userHasAccess(db, userId))) throw forbidden(PREMIUM_LESSON_MESSAGE);
}
