import { desc, eq } from "drizzle-orm";
import { RECENT_ACTIVITIES } from "@neonlab/shared/constants";
import type {
  Activity,
  CompletedChapter,
  CompletedCourse,
  CompletedLesson,
  HistoryEntry,
} from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { profiles } from "../profiles/schema.ts";
import { presentBadge } from "./presenters.ts";
import {
  chapterBadges,
  chapters,
  completedChapters,
  completedCourses,
  completedLessons,
  courses,
  lessons,
  neonbitsLedger,
  streakEvents,
  userActivities,
  xpEvents,
} from "./schema.ts";

export async function listCompletedLessons(db: Db, userId: string): Promise<CompletedLesson[]> {
  const rows = await db
    .select({ done: completedLessons, chapterId: lessons.chapterId, courseId: lessons.courseId })
    .from(completedLessons)
    .innerJoin(lessons, eq(lessons.id, completedLessons.lessonId))
    .where(eq(completedLessons.userId, userId))
    .orderBy(desc(completedLessons.createdAt), desc(completedLessons.id));
  return rows.map(({ done, chapterId, courseId }) => ({
    user_id: done.userId,
    lesson_id: done.lessonId,
    chapter_id: chapterId,
    course_id: courseId,
    status: done.status,
    xp_awarded: done.xpAwarded,
    created_at: done.createdAt.toISOString(),
  }));
}

export async function listCompletedChapters(db: Db, userId: string): Promise<CompletedChapter[]> {
  const rows = await db
    .select({ done: completedChapters, courseId: chapters.courseId, badge: chapterBadges })
    .from(completedChapters)
    .innerJoin(chapters, eq(chapters.id, completedChapters.chapterId))
    .innerJoin(chapterBadges, eq(chapterBadges.id, chapters.badgeId))
    .where(eq(completedChapters.userId, userId))
    .orderBy(desc(completedChapters.createdAt), desc(completedChapters.id));
  return rows.map(({ done, courseId, badge }) => ({
    user_id: done.userId,
    chapter_id: done.chapterId,
    course_id: courseId,
    badge: presentBadge(badge),
    created_at: done.createdAt.toISOString(),
  }));
}

export async function listCompletedCourses(db: Db, userId: string): Promise<CompletedCourse[]> {
  const rows = await db
    .select({ done: completedCourses, slug: courses.slug, title: courses.title })
    .from(completedCourses)
    .innerJoin(courses, eq(courses.id, completedCourses.courseId))
    .where(eq(completedCourses.userId, userId))
    .orderBy(desc(completedCourses.createdAt), desc(completedCourses.id));
  return rows.map(({ done, slug, title }) => ({
    user_id: done.userId,
    course_id: done.courseId,
    course_slug: slug,
    course_title: title,
    created_at: done.createdAt.toISOString(),
  }));
}

/** A user's latest activities, newest first (public: shown on profiles). */
export async function listActivities(db: Db, userId: string): Promise<Activity[]> {
  const [user] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (!user) throw notFound("No such user.");
  const rows = await db
    .select()
    .from(userActivities)
    .where(eq(userActivities.userId, userId))
    .orderBy(desc(userActivities.createdAt), desc(userActivities.id))
    .limit(RECENT_ACTIVITIES);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    kind: r.kind,
    title: r.title,
    link: r.link,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Why XP, streak and NeonBits are what they are: the three histories merged, newest first. */
export async function getHistory(db: Db, userId: string, limit: number): Promise<HistoryEntry[]> {
  const [xp, bits, streak] = await Promise.all([
    db
      .select()
      .from(xpEvents)
      .where(eq(xpEvents.userId, userId))
      .orderBy(desc(xpEvents.createdAt), desc(xpEvents.id))
      .limit(limit),
    db
      .select()
      .from(neonbitsLedger)
      .where(eq(neonbitsLedger.userId, userId))
      .orderBy(desc(neonbitsLedger.createdAt), desc(neonbitsLedger.id))
      .limit(limit),
    db
      .select()
      .from(streakEvents)
      .where(eq(streakEvents.userId, userId))
      .orderBy(desc(streakEvents.createdAt), desc(streakEvents.id))
      .limit(limit),
  ]);
  const entries: (HistoryEntry & { at: number; seq: number })[] = [
    ...xp.map((r) => entry("xp", r)),
    ...bits.map((r) => entry("neonbits", r)),
    ...streak.map((r) => entry("streak", r)),
  ];
  return entries
    .sort((a, b) => b.at - a.at || b.seq - a.seq)
    .slice(0, limit)
    .map(({ at: _at, seq: _seq, ...rest }) => rest);
}

function entry(
  kind: HistoryEntry["kind"],
  row: { id: number; reason: string; description: string; amount: number; createdAt: Date },
) {
  return {
    id: `${kind}-${row.id}`,
    kind,
    date: row.createdAt.toISOString(),
    reason: row.reason,
    description: row.description,
    amount: row.amount,
    at: row.createdAt.getTime(),
    seq: row.id,
  };
}
