import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../lib/prepared.ts";
import { profileRows } from "../identity/service.ts";
import { type LockedStreak, type StreakColumns, streakAt, streakRows, xpBoostFactor } from "../progress/service.ts";
import { openTaskCount } from "./completion-counts.ts";
import { type CompletionContext, completionContextColumns, toContext, visible } from "./lesson-lookup.ts";
import { chapterBadges, chapters, completedLessons, courses, lessons } from "./schema.ts";

/** The lesson (what a completion needs of it) and what its completion starts from, in one statement without a lock. */
const startQuery = preparedPerDb((db) => {
  const userId = sql.placeholder("userId");
  const lessonId = sql.placeholder("lessonId");
  const profiles = profileRows.table;
  const streaks = streakRows.table;
  const { count, lastUpdated, freezeOn, frozenAt, dayZone } = streakRows.countColumns;
  return db
    .select({
      ...completionContextColumns,
      setting: profiles.timeZone,
      count,
      lastUpdated,
      freezeOn,
      frozenAt,
      dayZone,
      // In microseconds (a Date keeps milliseconds only): the write compares it exactly.
      version: sql<string | null>`(extract(epoch from ${streakRows.version}) * 1000000)::bigint::text`,
      completed: sql<boolean>`exists (select 1 from ${completedLessons}
        where ${completedLessons.userId} = ${userId} and ${completedLessons.lessonId} = ${lessonId})`,
      openTasks: openTaskCount(lessonId, userId),
      // An active XP boost multiplies the XP given (read here: the write adds no statement for it).
      xpFactor: xpBoostFactor(userId).mapWith(Number),
    })
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(chapterBadges, eq(chapterBadges.id, chapters.badgeId))
    .leftJoin(profiles, eq(profiles.id, userId))
    .leftJoin(streaks, eq(streaks.userId, userId))
    .where(and(eq(lessons.id, lessonId), visible))
    .prepare("completion_start");
});

type StartRow = Awaited<ReturnType<ReturnType<typeof startQuery>["execute"]>>[number];
export type CompletionStart = Omit<StartRow, keyof typeof completionContextColumns>;

/**
 * The lesson (404 when unknown or hidden) and the start of its completion, read without a lock: the user's
 * streak row and its version, whether the lesson is done, its open tasks. Premium access is the caller's to check.
 */
export async function readStart(
  db: Db,
  userId: string,
  lessonId: number,
): Promise<{ ctx: CompletionContext; start: CompletionStart }> {
  const [row] = await startQuery(db).execute({ userId, lessonId });
  const ctx = toContext<CompletionContext>(row);
  const { lesson, chapter, course, badge, firstChapterOrder, ...start } = row!;
  return { ctx, start };
}

/** A new streak row starts as a lock of the streak creates one: the columns' defaults. */
const NEW_STREAK: StreakColumns = { count: 0, lastUpdated: null, freezeOn: false, frozenAt: null, dayZone: null };

/** The user's streak as of `now`, from the row the start read (any freeze the days since used up applied). */
export function startStreak(start: CompletionStart, now: Date): LockedStreak {
  const row: StreakColumns =
    start.version === null
      ? NEW_STREAK
      : {
          count: start.count ?? 0,
          lastUpdated: start.lastUpdated,
          freezeOn: start.freezeOn ?? false,
          frozenAt: start.frozenAt,
          dayZone: start.dayZone,
        };
  return streakAt(row, start.setting, now);
}
