import { eq, sql } from "drizzle-orm";
import type { LessonCompleteResult } from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import { preparedPerDb, typedPlaceholder } from "../../lib/prepared.ts";
import { profileRows } from "../profiles/service.ts";
import { completionDay, type StreakColumns, streakAt, streakRows, xpBoostFactor } from "../progress/service.ts";
import { chapterLessonsLeft, openTaskCount } from "./completion-counts.ts";
import type { LessonContext } from "./lesson-lookup.ts";
import { completedLessons } from "./schema.ts";

// A lesson completion in one call to the database (drizzle/0010, docs/decisions/024): one read without a
// lock, then one statement that writes everything if the user's streak row is still as read. Used when the
// completion is a plain one (see `fitsOneCall`); the rest take the locking path in completion-service.ts.

/** What a completion starts from, read in one statement without a lock. */
const startQuery = preparedPerDb((db) => {
  const userId = sql.placeholder("userId");
  const lessonId = sql.placeholder("lessonId");
  const chapterId = sql.placeholder("chapterId");
  const profiles = profileRows.table;
  const { count, lastUpdated, freezeOn, frozenAt, dayZone } = streakRows.countColumns;
  return db
    .select({
      setting: profiles.timeZone,
      count,
      lastUpdated,
      freezeOn,
      frozenAt,
      dayZone,
      // In microseconds (a Date keeps milliseconds only): the function compares it exactly.
      version: sql<string | null>`(extract(epoch from ${streakRows.version}) * 1000000)::bigint::text`,
      completed: sql<boolean>`exists (select 1 from ${completedLessons}
        where ${completedLessons.userId} = ${userId} and ${completedLessons.lessonId} = ${lessonId})`,
      openTasks: openTaskCount(lessonId, userId),
      chapterLessonsLeft: chapterLessonsLeft(userId, chapterId, lessonId),
      // An active XP boost multiplies the XP given (read here: the one-call write adds no statement for it).
      xpFactor: xpBoostFactor(userId).mapWith(Number),
    })
    .from(profiles)
    .leftJoin(streakRows.table, streakRows.on(profiles.id))
    .where(eq(profiles.id, userId))
    .prepare("completion_start");
});

export type CompletionStart = NonNullable<Awaited<ReturnType<typeof readStart>>>;

/** The start of a completion; null when the user has no profile (then the locking path answers). */
export async function readStart(db: Db, userId: string, ctx: LessonContext) {
  const [row] = await startQuery(db).execute({ userId, lessonId: ctx.lesson.id, chapterId: ctx.chapter.id });
  return row ?? null;
}

/** A new streak row starts as the locking path creates one: the columns' defaults. */
const NEW_STREAK: StreakColumns = { count: 0, lastUpdated: null, freezeOn: false, frozenAt: null, dayZone: null };

const streakOf = (start: CompletionStart): StreakColumns =>
  start.version === null
    ? NEW_STREAK
    : {
        count: start.count ?? 0,
        lastUpdated: start.lastUpdated,
        freezeOn: start.freezeOn ?? false,
        frozenAt: start.frozenAt,
        dayZone: start.dayZone,
      };

/**
 * A plain completion: not done before, its chapter not finished by it (the badge, NeonBits and course take
 * the locking path), and no freeze to use up first (that writes the streak's history before the day).
 */
export function fitsOneCall(start: CompletionStart, now: Date): boolean {
  return (
    !start.completed &&
    start.openTasks === 0 &&
    start.chapterLessonsLeft > 0 &&
    !streakAt(streakOf(start), start.setting, now).view.freezeUsed
  );
}

const p = typedPlaceholder;

const completeQuery = preparedPerDb((db) =>
  db
    .select({
      outcome: sql<"done" | "retry">`outcome`,
      xpGiven: sql<boolean>`xp_given`,
      chapterLessonsLeft: sql<number | null>`chapter_lessons_left`,
    })
    .from(
      sql`complete_lesson_once(${sql.join(
        [
          p("userId", "text"),
          p("lessonId", "integer"),
          p("chapterId", "integer"),
          p("xp", "integer"),
          p("xpGiven", "integer"),
          p("seenVersion", "bigint"),
          p("count", "integer"),
          p("lastUpdated", "date"),
          p("freezeOn", "boolean"),
          p("frozenAt", "date"),
          p("dayZone", "text"),
          p("xpReason", "text"),
          p("xpReference", "text"),
          p("xpDescription", "text"),
          p("activityKind", "text"),
          p("activityTitle", "text"),
          p("activityLink", "text"),
          p("streakReason", "text"),
          p("streakReference", "text"),
          p("streakDescription", "text"),
        ],
        sql`, `,
      )})`,
    )
    .prepare("complete_lesson_once"),
);

/**
 * Writes the completion in one statement (its own transaction); "retry" when the user's streak row moved
 * since `start` was read (another completion or a lock of this user): nothing was written then.
 */
export async function completeInOneCall(
  db: Db,
  userId: string,
  ctx: LessonContext,
  start: CompletionStart,
  now: Date,
): Promise<{ result: LessonCompleteResult; chapterLessonsLeft: number } | "retry"> {
  const locked = streakAt(streakOf(start), start.setting, now);
  const day = completionDay(locked);
  const { lesson, course } = ctx;
  const [row] = await completeQuery(db).execute({
    userId,
    lessonId: lesson.id,
    chapterId: ctx.chapter.id,
    xp: lesson.xp,
    xpGiven: lesson.xp * start.xpFactor,
    seenVersion: start.version,
    count: day.state.count,
    lastUpdated: day.state.lastUpdated,
    freezeOn: day.state.freezeOn,
    frozenAt: day.state.frozenOn,
    dayZone: locked.zone,
    xpReason: "lesson_completed",
    xpReference: `lesson:${lesson.id}`,
    xpDescription: `Completed lesson: ${lesson.title}`,
    activityKind: "lesson_completed",
    activityTitle: `Completed the lesson ${lesson.title}`,
    activityLink: `/courses/${course.slug}/${lesson.slug}`,
    streakReason: day.history?.reason ?? null,
    streakReference: day.history?.reference ?? null,
    streakDescription: day.history?.description ?? null,
  });
  if (!row || row.outcome === "retry") return "retry";
  const xpAwarded = row.xpGiven ? lesson.xp * start.xpFactor : 0;
  const result: LessonCompleteResult = {
    lessonId: lesson.id,
    xpAwarded,
    alreadyCompleted: false,
    streak: day.answer,
    chapterCompleted: null,
    courseCompleted: false,
    neonbitsAwarded: 0,
  };
  return { result, chapterLessonsLeft: row.chapterLessonsLeft ?? 0 };
}
