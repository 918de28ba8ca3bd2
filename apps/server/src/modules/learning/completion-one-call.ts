import { and, eq, sql } from "drizzle-orm";
import { CHAPTER_NEONBITS, COURSE_NEONBITS } from "@neonlab/shared/constants";
import type { LessonCompleteResult } from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import type { StatementWork } from "../../events/event-bus.ts";
import { preparedPerDb, preparedPerDbAndKey, typedPlaceholder } from "../../lib/prepared.ts";
import { profileRows } from "../profiles/service.ts";
import {
  completionDay,
  type LockedStreak,
  type StreakColumns,
  streakAt,
  streakRows,
  xpBoostFactor,
} from "../progress/service.ts";
import { chapterLessonsLeft, openTaskCount } from "./completion-counts.ts";
import { completionTexts } from "./completion-texts.ts";
import { type CompletionContext, completionContextColumns, toContext, visible } from "./lesson-lookup.ts";
import { presentBadge } from "./presenters.ts";
import { chapterBadges, chapters, completedLessons, courses, lessons } from "./schema.ts";

// A lesson completion in one call to the database (drizzle/0010 and 0023, docs/decisions/024 and 033): one
// read without a lock, then one statement that writes everything if the user's streak row is still as read,
// the chapter's badge and the course included. Used when the completion fits (see `fitsOneCall`); the rest
// take the locking path in completion-service.ts.

/** The lesson (what a completion needs of it) and what its completion starts from, in one statement without a lock. */
const startQuery = preparedPerDb((db) => {
  const userId = sql.placeholder("userId");
  const lessonId = sql.placeholder("lessonId");
  const profiles = profileRows.table;
  const { count, lastUpdated, freezeOn, frozenAt, dayZone } = streakRows.countColumns;
  return db
    .select({
      ...completionContextColumns,
      hasProfile: sql<boolean>`${profiles.id} is not null`,
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
      // The outer chapters row: the count's own subquery reads lessons.
      chapterLessonsLeft: chapterLessonsLeft(userId, chapters.id, lessonId),
      // An active XP boost multiplies the XP given (read here: the one-call write adds no statement for it).
      xpFactor: xpBoostFactor(userId).mapWith(Number),
    })
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(chapterBadges, eq(chapterBadges.id, chapters.badgeId))
    .leftJoin(profiles, eq(profiles.id, userId))
    .leftJoin(streakRows.table, streakRows.on(profiles.id))
    .where(and(eq(lessons.id, lessonId), visible))
    .prepare("completion_start");
});

type StartRow = Awaited<ReturnType<ReturnType<typeof startQuery>["execute"]>>[number];
export type CompletionStart = Omit<StartRow, keyof typeof completionContextColumns | "hasProfile">;

/**
 * The lesson (404 when unknown or hidden) and the start of its completion; start is null when the user has no
 * profile (then the locking path answers). Premium access is the caller's to check.
 */
export async function readStart(
  db: Db,
  userId: string,
  lessonId: number,
): Promise<{ ctx: CompletionContext; start: CompletionStart | null }> {
  const [row] = await startQuery(db).execute({ userId, lessonId });
  const ctx = toContext<CompletionContext>(row);
  if (!row?.hasProfile) return { ctx, start: null };
  const { lesson, chapter, course, badge, firstChapterOrder, hasProfile, ...start } = row;
  return { ctx, start };
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

/** The user's streak as of `now`, from the row the start read (computed once for fitsOneCall and the call). */
export const startStreak = (start: CompletionStart, now: Date): LockedStreak =>
  streakAt(streakOf(start), start.setting, now);

/**
 * A completion the call can write: not done before, nothing left to answer, and no freeze to use up first
 * (that writes the streak's history before the day).
 */
export function fitsOneCall(start: CompletionStart, streak: LockedStreak): boolean {
  return !start.completed && start.openTasks === 0 && !streak.view.freezeUsed;
}

const p = typedPlaceholder;

/** The call's arguments, in order. */
const CALL_ARGUMENTS: [name: string, type: string][] = [
  ["userId", "text"],
  ["lessonId", "integer"],
  ["chapterId", "integer"],
  ["xp", "integer"],
  ["xpGiven", "integer"],
  ["seenVersion", "bigint"],
  ["count", "integer"],
  ["lastUpdated", "date"],
  ["freezeOn", "boolean"],
  ["frozenAt", "date"],
  ["dayZone", "text"],
  ["xpReason", "text"],
  ["xpReference", "text"],
  ["xpDescription", "text"],
  ["activityKind", "text"],
  ["activityTitle", "text"],
  ["activityLink", "text"],
  ["streakReason", "text"],
  ["streakReference", "text"],
  ["streakDescription", "text"],
  ["courseId", "integer"],
  ["courseLink", "text"],
  ["chapterNeonbits", "integer"],
  ["chapterDescription", "text"],
  ["chapterActivityTitle", "text"],
  ["courseNeonbits", "integer"],
  ["courseDescription", "text"],
  ["courseActivityTitle", "text"],
];

/**
 * The call, and badge.earned's statement handlers (`fns`, the key: the badge's notification) evaluated on its
 * row only when it finished the chapter, in the same statement: what they write commits with the badge.
 */
const completeQuery = preparedPerDbAndKey((db, key) => {
  const fns = key === "" ? [] : key.split(",");
  const badgeWork = Object.fromEntries(
    fns.map((fn, i) => [
      `badge${i}`,
      sql<unknown>`case when chapter_completed then ${sql.raw(fn)}(${p(`badgeInput${i}`, "jsonb")}) end`,
    ]),
  );
  return db
    .select({
      outcome: sql<"done" | "retry">`outcome`,
      xpGiven: sql<boolean>`xp_given`,
      chapterLessonsLeft: sql<number | null>`chapter_lessons_left`,
      chapterCompleted: sql<boolean>`chapter_completed`,
      courseCompleted: sql<boolean>`course_completed`,
      ...badgeWork,
    })
    .from(
      sql`complete_lesson_once(${sql.join(
        CALL_ARGUMENTS.map(([name, type]) => p(name, type)),
        sql`, `,
      )})`,
    )
    .prepare(key === "" ? "complete_lesson_once" : `complete_lesson_once:${key}`);
});

export type OneCallResult = {
  result: LessonCompleteResult;
  chapterLessonsLeft: number;
  /** What badge.earned's statement handlers returned (see `badgeWork`); empty when the chapter was not finished. */
  badgeResults: unknown[];
};

/**
 * Writes the completion in one statement (its own transaction unless `db` is in one); "retry" when the user's
 * streak row moved since `start` was read (another completion or a lock of this user): nothing was written then.
 * With `badgeWork` (badge.earned's statement work, see events/event-bus.ts), a completion that finishes its
 * chapter also writes the badge (and the course when it was the last chapter) and that work; without, the
 * caller finishes the chapter (chapterLessonsLeft 0, chapterCompleted null). `locked` is the user's streak as of
 * the completion (`startStreak`), already computed for `fitsOneCall`.
 */
export async function completeInOneCall(
  db: Db,
  userId: string,
  ctx: CompletionContext,
  start: CompletionStart,
  locked: LockedStreak,
  badgeWork: StatementWork | null,
): Promise<OneCallResult | "retry"> {
  const withChapter = badgeWork !== null;
  const fns = badgeWork?.fns ?? [];
  const day = completionDay(locked);
  const { lesson, chapter, course, badge } = ctx;
  const text = completionTexts(ctx);
  const [row] = await completeQuery(db, fns.join(",")).execute({
    ...Object.fromEntries(fns.map((_, i) => [`badgeInput${i}`, badgeWork?.inputs[i]])),
    userId,
    lessonId: lesson.id,
    chapterId: chapter.id,
    xp: lesson.xp,
    xpGiven: lesson.xp * start.xpFactor,
    seenVersion: start.version,
    count: day.state.count,
    lastUpdated: day.state.lastUpdated,
    freezeOn: day.state.freezeOn,
    frozenAt: day.state.frozenOn,
    dayZone: locked.zone,
    xpReason: "lesson_completed",
    xpReference: text.xpReference,
    xpDescription: text.xpDescription,
    activityKind: "lesson_completed",
    activityTitle: text.lessonActivity,
    activityLink: text.lessonLink,
    streakReason: day.history?.reason ?? null,
    streakReference: day.history?.reference ?? null,
    streakDescription: day.history?.description ?? null,
    courseId: course.id,
    courseLink: text.courseLink,
    chapterNeonbits: withChapter ? CHAPTER_NEONBITS : null,
    chapterDescription: text.chapterDescription,
    chapterActivityTitle: text.chapterActivity,
    courseNeonbits: COURSE_NEONBITS,
    courseDescription: text.courseDescription,
    courseActivityTitle: text.courseActivity,
  });
  if (!row || row.outcome === "retry") return "retry";
  const xpAwarded = row.xpGiven ? lesson.xp * start.xpFactor : 0;
  const chapterDone = row.chapterCompleted;
  const courseDone = row.courseCompleted;
  const result: LessonCompleteResult = {
    lessonId: lesson.id,
    xpAwarded,
    alreadyCompleted: false,
    streak: day.answer,
    chapterCompleted: chapterDone ? presentBadge(badge) : null,
    courseCompleted: courseDone,
    neonbitsAwarded: (chapterDone ? CHAPTER_NEONBITS : 0) + (courseDone ? COURSE_NEONBITS : 0),
  };
  const badgeResults = chapterDone ? fns.map((_, i) => (row as Record<string, unknown>)[`badge${i}`]) : [];
  return { result, chapterLessonsLeft: row.chapterLessonsLeft ?? 0, badgeResults };
}
