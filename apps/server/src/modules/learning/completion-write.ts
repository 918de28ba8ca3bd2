import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { CHAPTER_NEONBITS, COURSE_NEONBITS } from "@neonlab/shared/constants";
import type { LessonCompleteResult } from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import type { StatementWork } from "../../events/event-bus.ts";
import { preparedPerDbAndKey, typedPlaceholder as p } from "../../lib/prepared.ts";
import { completionDay, freezeUsedEntry, type LockedStreak } from "../progress/service.ts";
import type { CompletionStart } from "./completion-start.ts";
import type { CompletionContext } from "./lesson-lookup.ts";
import { presentBadge } from "./presenters.ts";

// The one way a lesson completion is written: complete_lesson_once (sql/complete-lesson.sql) with the events'
// statement work in the same statement.

export const COMPLETION_EVENTS = ["lesson.completed", "badge.earned", "course.completed"] as const;
export type CompletionEvent = (typeof COMPLETION_EVENTS)[number];

/** Each event's statement work (see events/event-bus.ts), evaluated on the call's row only when the event happened. */
export type CompletionWork = Record<CompletionEvent, StatementWork>;

const HAPPENED: Record<CompletionEvent, string> = {
  "lesson.completed": "outcome = 'done'",
  "badge.earned": "chapter_completed",
  "course.completed": "course_completed",
};

const workKey = (work: CompletionWork) => COMPLETION_EVENTS.map((event) => work[event].fns.join(",")).join(";");
const workColumn = (e: number, i: number) => `work${e}_${i}`;
const workInput = (e: number, i: number) => `input${e}_${i}`;

/** One name per statement text, within PostgreSQL's 63 characters. */
function statementName(key: string) {
  const name = `complete_lesson_once:${key}`;
  return name.length <= 63
    ? name
    : `complete_lesson_once:${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;
}

/** The call, and the events' statement work (the key: their functions) evaluated on its row, one statement. */
const callQuery = preparedPerDbAndKey((db, key) => {
  const work = key
    .split(";")
    .flatMap((list, e) =>
      (list === "" ? [] : list.split(",")).map((fn, i) => [
        workColumn(e, i),
        sql<unknown>`case when ${sql.raw(HAPPENED[COMPLETION_EVENTS[e]!])} then ${sql.raw(fn)}(${p(workInput(e, i), "jsonb")}) end`,
      ]),
    );
  return db
    .select({
      outcome: sql<"done" | "retry">`outcome`,
      xpGiven: sql<boolean>`xp_given`,
      chapterCompleted: sql<boolean>`chapter_completed`,
      courseCompleted: sql<boolean>`course_completed`,
      ...Object.fromEntries(work),
    })
    .from(
      sql`complete_lesson_once(${p("userId", "text")}, ${p("lessonId", "integer")}, ${p("seenVersion", "bigint")},
        ${p("streak", "jsonb")}, ${p("values", "jsonb")})`,
    )
    .prepare(statementName(key));
});

/** The streak the completion stores, and its history rows: a freeze the days since used up, the day's move. */
function streakArgument(streak: LockedStreak) {
  const day = completionDay(streak);
  return {
    day,
    json: {
      count: day.state.count,
      last_updated: day.state.lastUpdated,
      freeze_on: day.state.freezeOn,
      frozen_at: day.state.frozenOn,
      day_zone: streak.zone,
      freeze_used: freezeUsedEntry(streak.view),
      day: day.history && { ...day.history, amount: 1 },
    },
  };
}

/** The lesson's values: ids, XP, the words and links of its ledger and activity rows, the rewards. */
function valuesArgument({ lesson, chapter, course, badge }: CompletionContext, xpGiven: number) {
  const courseLink = `/courses/${course.slug}`;
  return {
    chapter: chapter.id,
    course: course.id,
    xp: lesson.xp,
    xp_given: xpGiven,
    xp_description: `Completed lesson: ${lesson.title}`,
    lesson_activity: `Completed the lesson ${lesson.title}`,
    lesson_link: `${courseLink}/${lesson.slug}`,
    course_link: courseLink,
    chapter_neonbits: CHAPTER_NEONBITS,
    chapter_description: `Completed chapter: ${chapter.title} (badge ${badge.name})`,
    chapter_activity: `Earned the ${badge.name} badge in ${course.title}`,
    course_neonbits: COURSE_NEONBITS,
    course_description: `Completed course: ${course.title}`,
    course_activity: `Completed the course ${course.title}`,
  };
}

/** The XP a completion gives: the lesson's, times an active XP boost (read with the start). */
export const xpToGive = (ctx: CompletionContext, start: CompletionStart) => ctx.lesson.xp * start.xpFactor;

export type WrittenCompletion = {
  result: LessonCompleteResult;
  /** What each event's statement work returned, in handler order; empty for an event that did not happen. */
  workResults: Record<CompletionEvent, unknown[]>;
};

/**
 * Writes a first completion of the lesson in one statement (its own transaction unless `db` is in one); "retry"
 * when the user's streak row moved since `start` was read (another completion, or a lock, of this user): nothing
 * was written then. `streak` is the user's streak as of the completion (`startStreak`).
 */
export async function writeCompletion(
  db: Db,
  userId: string,
  ctx: CompletionContext,
  start: CompletionStart,
  streak: LockedStreak,
  work: CompletionWork,
): Promise<WrittenCompletion | "retry"> {
  const xpGiven = xpToGive(ctx, start);
  const { day, json } = streakArgument(streak);
  const inputs = COMPLETION_EVENTS.flatMap((event, e) =>
    work[event].inputs.map((input, i) => [workInput(e, i), input]),
  );
  const [row] = await callQuery(db, workKey(work)).execute({
    ...Object.fromEntries(inputs),
    userId,
    lessonId: ctx.lesson.id,
    seenVersion: start.version,
    streak: JSON.stringify(json),
    values: JSON.stringify(valuesArgument(ctx, xpGiven)),
  });
  if (!row || row.outcome === "retry") return "retry";
  const happened: Record<CompletionEvent, boolean> = {
    "lesson.completed": true,
    "badge.earned": row.chapterCompleted,
    "course.completed": row.courseCompleted,
  };
  const columns = row as Record<string, unknown>;
  const workResults = Object.fromEntries(
    COMPLETION_EVENTS.map((event, e) => [
      event,
      happened[event] ? work[event].fns.map((_, i) => columns[workColumn(e, i)]) : [],
    ]),
  ) as WrittenCompletion["workResults"];
  return {
    result: {
      lessonId: ctx.lesson.id,
      xpAwarded: row.xpGiven ? xpGiven : 0,
      alreadyCompleted: false,
      streak: day.answer,
      chapterCompleted: row.chapterCompleted ? presentBadge(ctx.badge) : null,
      courseCompleted: row.courseCompleted,
      neonbitsAwarded: (row.chapterCompleted ? CHAPTER_NEONBITS : 0) + (row.courseCompleted ? COURSE_NEONBITS : 0),
    },
    workResults,
  };
}
