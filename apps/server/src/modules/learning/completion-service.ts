import { type Column, sql } from "drizzle-orm";
import { CHAPTER_NEONBITS, COURSE_NEONBITS } from "@neonlab/shared/constants";
import type { LessonCompleteResult } from "@neonlab/shared/schemas/learning";
import { currentCount } from "@neonlab/shared/streak";
import type { Db } from "../../db/client.ts";
import { conflict } from "../../errors.ts";
import { preparedPerDb } from "../../lib/prepared.ts";
import type { EventBus, StatementWork } from "../../events/event-bus.ts";
import type { RunInTransaction, Tx } from "../../transaction.ts";
import { grantXp, lockStreak, recordActivity, recordCompletionDay } from "../progress/service.ts";
import { grantNeonBits } from "../wallet/service.ts";
import { chapterLessonsLeft, openQuiz, openReflection, qualified } from "./completion-counts.ts";
import { completeInOneCall, fitsOneCall, readStart, startStreak } from "./completion-one-call.ts";
import { completionTexts } from "./completion-texts.ts";
import { accessibleLesson, assertAccess, type CompletionContext } from "./lesson-lookup.ts";
import { presentBadge } from "./presenters.ts";
import { chapters, completedChapters, completedCourses, completedLessons, quizzes, reflections } from "./schema.ts";

const short = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 70 ? `${line.slice(0, 69)}…` : line;
};

/** The lesson's visible quizzes not passed and reflections not answered by the user, quizzes first. */
const openTasksQuery = preparedPerDb((db) => {
  const lessonId = sql.placeholder("lessonId");
  const userId = sql.placeholder("userId");
  const kind = (name: "quiz" | "reflection") => sql<"quiz" | "reflection">`${sql.raw(`'${name}'`)}`.as("kind");
  const openQuizzes = db
    .select({ kind: kind("quiz"), text: quizzes.question, position: quizzes.position })
    .from(quizzes)
    .where(openQuiz(lessonId, userId));
  const openReflections = db
    .select({ kind: kind("reflection"), text: reflections.prompt, position: reflections.position })
    .from(reflections)
    .where(openReflection(lessonId, userId));
  // Each kind in its own order, as the two reads this replaced.
  return openQuizzes.unionAll(openReflections).orderBy(sql`1`, sql`3`).prepare("lesson_open_tasks");
});

/** 409 naming every quiz not yet passed and every reflection not yet answered (one statement). */
async function assertReady(db: Db, userId: string, lessonId: number) {
  const open = await openTasksQuery(db).execute({ lessonId, userId });
  const missing = open.map((o) =>
    o.kind === "quiz" ? `answer the quiz "${short(o.text)}" correctly` : `answer the reflection "${short(o.text)}"`,
  );
  if (missing.length > 0) throw conflict(`You can't complete this lesson yet. Still to do: ${missing.join("; ")}.`);
}

/** What a completion needs of the app: the database, its transactions, and the events it announces. */
export type CompletionDeps = { db: Db; transaction: RunInTransaction; events: EventBus };

/** One-call attempts before the locking path (each retry means another completion of the user moved first). */
const ONE_CALL_TRIES = 3;

/**
 * Completes a lesson exactly once, announcing lesson.completed (and badge.earned and course.completed
 * when they follow) with the commit. A plain completion is one read and one statement
 * (completion-one-call.ts); the others lock the user's streak row first, so concurrent completions of a
 * user run one after another on either path, and unique keys on completions and ledger rows make every
 * grant happen once even so.
 */
export async function completeLesson(
  deps: CompletionDeps,
  userId: string,
  lessonId: number,
  now = new Date(),
): Promise<LessonCompleteResult> {
  const { db, events } = deps;
  // In-transaction handlers need a transaction to run in, and the plain call folds no event work into its
  // statement: with any database work on lesson.completed, every completion takes the locking path.
  if (events.hasDatabaseWork("lesson.completed")) {
    const ctx = await accessibleLesson(db, userId, lessonId);
    await assertReady(db, userId, lessonId);
    return completeLocked(deps.transaction, userId, ctx, now);
  }
  let ctx: CompletionContext | undefined;
  let ready = false;
  for (let attempt = 0; attempt < ONE_CALL_TRIES; attempt++) {
    const read = await readStart(db, userId, lessonId);
    if (!ctx) await assertAccess(db, userId, read.ctx);
    ctx = read.ctx;
    const { start } = read;
    if (!start) break;
    if (start.openTasks > 0) await assertReady(db, userId, lessonId);
    ready = true;
    const streak = startStreak(start, now);
    if (!fitsOneCall(start, streak)) break;
    const lesson = ctx;
    if (start.chapterLessonsLeft === 0 && !chapterFitsOneCall(events)) {
      // The last lesson of its chapter, and badge.earned has work the call can not fold in: the call runs
      // in a transaction, so that the work (in-transaction handlers) commits with the badge.
      const written = await deps.transaction(async ({ db: tx, publish }) => {
        const call = await completeInOneCall(tx, userId, lesson, start, streak, BADGE_WITHOUT_FOLDED_WORK);
        if (call !== "retry") await announce(publish, userId, lesson, call.result);
        return call;
      });
      if (written === "retry") continue;
      return written.result;
    }
    // The last lesson of its chapter: the call also writes the badge and badge.earned's statement work (the
    // notification), all in its one statement.
    const badgeWork =
      start.chapterLessonsLeft === 0 ? events.statementWork("badge.earned", badgeEarned(userId, ctx)) : null;
    const written = await completeInOneCall(db, userId, ctx, start, streak, badgeWork);
    if (written === "retry") continue;
    const { result } = written;
    events.deliver("lesson.completed", { userId, lessonId, courseId: ctx.course.id, xpAwarded: result.xpAwarded });
    if (result.chapterCompleted) {
      events.deliver("badge.earned", badgeEarned(userId, ctx), written.badgeResults);
      if (result.courseCompleted) events.deliver("course.completed", { userId, courseId: ctx.course.id });
      return result;
    }
    // Its chapter was done after all (its lessons changed since the read): the badge comes now, once.
    return written.chapterLessonsLeft === 0 ? finishChapter(deps.transaction, userId, ctx, result) : result;
  }
  if (!ready) await assertReady(db, userId, lessonId);
  return completeLocked(deps.transaction, userId, ctx!, now);
}

/** The call writes the badge but folds no event work in: `publish` in its transaction runs all of it. */
const BADGE_WITHOUT_FOLDED_WORK: StatementWork = { fns: [], inputs: [] };

/** Whether a chapter's badge can be written in the one call: badge.earned's work is all statement work, and course.completed has none. */
function chapterFitsOneCall(events: EventBus): boolean {
  return !events.hasInTransactionHandlers("badge.earned") && !events.hasDatabaseWork("course.completed");
}

const badgeEarned = (userId: string, { chapter, badge }: CompletionContext) => ({
  userId,
  chapterId: chapter.id,
  badgeId: badge.id,
  badgeName: badge.name,
});

/** The locking path: the streak row locked, then the completion and what follows from it, statement by statement. */
function completeLocked(
  transaction: RunInTransaction,
  userId: string,
  ctx: CompletionContext,
  now: Date,
): Promise<LessonCompleteResult> {
  const lessonId = ctx.lesson.id;
  return transaction(async ({ db: tx, publish }) => {
    const locked = await lockStreak(tx, userId, now, { completing: true });
    const inserted = await insertCompletion(tx, userId, ctx);
    if (!inserted) {
      return {
        lessonId,
        xpAwarded: 0,
        alreadyCompleted: true,
        streak: { count: currentCount(locked.view), extended: false, status: locked.view.status },
        chapterCompleted: null,
        courseCompleted: false,
        neonbitsAwarded: 0,
      };
    }
    const { lesson } = ctx;
    const text = completionTexts(ctx);
    const xpAwarded = await grantXp(tx, {
      userId,
      amount: lesson.xp,
      reason: "lesson_completed",
      reference: text.xpReference,
      description: text.xpDescription,
    });
    await recordActivity(tx, {
      userId,
      kind: "lesson_completed",
      title: text.lessonActivity,
      link: text.lessonLink,
    });
    const streak = await recordCompletionDay(tx, userId, locked);
    const chapter = inserted.chapterLessonsLeft === 0 ? await completeChapter(tx, userId, ctx) : null;
    const chapterDone = chapter !== null;
    const courseDone = chapter?.courseChaptersLeft === 0 ? await completeCourse(tx, userId, ctx) : false;
    const result: LessonCompleteResult = {
      lessonId,
      xpAwarded,
      alreadyCompleted: false,
      streak,
      chapterCompleted: chapterDone ? presentBadge(ctx.badge) : null,
      courseCompleted: courseDone,
      neonbitsAwarded: (chapterDone ? CHAPTER_NEONBITS : 0) + (courseDone ? COURSE_NEONBITS : 0),
    };
    await announce(publish, userId, ctx, result);
    return result;
  });
}

/** lesson.completed, then badge.earned and course.completed when the completion brought them. */
async function announce(publish: Tx["publish"], userId: string, ctx: CompletionContext, result: LessonCompleteResult) {
  const { lesson, course } = ctx;
  await publish("lesson.completed", { userId, lessonId: lesson.id, courseId: course.id, xpAwarded: result.xpAwarded });
  if (result.chapterCompleted) await announceChapter(publish, userId, ctx, result.courseCompleted);
}

/**
 * The completion row, once, and how many of the chapter's lessons are left after it, in one statement
 * (the count can not see the row inserted beside it, so it leaves this lesson out); null when the
 * lesson was completed before. The user's streak lock keeps their other completions out meanwhile.
 */
async function insertCompletion(tx: Db, userId: string, ctx: CompletionContext) {
  const row = tx
    .$with("completed_lesson")
    .as(
      tx
        .insert(completedLessons)
        .values({ userId, lessonId: ctx.lesson.id, xpAwarded: ctx.lesson.xp })
        .onConflictDoNothing()
        .returning({ id: completedLessons.id }),
    );
  const [inserted] = await tx
    .with(row)
    .select({ id: row.id, chapterLessonsLeft: chapterLessonsLeft(userId, ctx.chapter.id, ctx.lesson.id) })
    .from(row);
  return inserted ?? null;
}

/** Not counting a chapter, its course's visible chapters the user has not completed. */
function courseChaptersLeft(userId: string, ctx: CompletionContext) {
  const chapter = (column: Column) => qualified(chapters, column);
  const done = (column: Column) => qualified(completedChapters, column);
  return sql<number>`(select count(*) from ${chapters} where ${chapter(chapters.courseId)} = ${ctx.course.id}
    and ${chapter(chapters.hidden)} = false and ${chapter(chapters.id)} <> ${ctx.chapter.id}
    and not exists (select 1 from ${completedChapters} where ${done(completedChapters.chapterId)} = ${chapter(chapters.id)}
      and ${done(completedChapters.userId)} = ${userId}))::int`.mapWith(Number);
}

/**
 * The chapter's completion, badge and NeonBits once; null when it was completed before. Its insert
 * also counts the course's chapters left (as insertCompletion does the chapter's lessons).
 */
async function completeChapter(tx: Db, userId: string, ctx: CompletionContext) {
  const row = tx
    .$with("completed_chapter")
    .as(
      tx
        .insert(completedChapters)
        .values({ userId, chapterId: ctx.chapter.id })
        .onConflictDoNothing()
        .returning({ id: completedChapters.id }),
    );
  const [inserted] = await tx
    .with(row)
    .select({ id: row.id, courseChaptersLeft: courseChaptersLeft(userId, ctx) })
    .from(row);
  if (!inserted) return null;
  const text = completionTexts(ctx);
  await grantNeonBits(tx, {
    userId,
    amount: CHAPTER_NEONBITS,
    reason: "chapter_completed",
    reference: text.chapterReference,
    description: text.chapterDescription,
  });
  await recordActivity(tx, {
    userId,
    kind: "chapter_completed",
    title: text.chapterActivity,
    link: text.courseLink,
  });
  return inserted;
}

/** badge.earned, and course.completed when the chapter finished the course. */
async function announceChapter(publish: Tx["publish"], userId: string, ctx: CompletionContext, courseDone: boolean) {
  await publish("badge.earned", badgeEarned(userId, ctx));
  if (courseDone) await publish("course.completed", { userId, courseId: ctx.course.id });
}

/** The chapter's badge (and the course) for a completion written by the one-call path. */
function finishChapter(
  transaction: RunInTransaction,
  userId: string,
  ctx: CompletionContext,
  result: LessonCompleteResult,
): Promise<LessonCompleteResult> {
  return transaction(async ({ db: tx, publish }) => {
    await lockStreak(tx, userId, new Date());
    const chapter = await completeChapter(tx, userId, ctx);
    if (!chapter) return result;
    const courseDone = chapter.courseChaptersLeft === 0 ? await completeCourse(tx, userId, ctx) : false;
    await announceChapter(publish, userId, ctx, courseDone);
    return {
      ...result,
      chapterCompleted: presentBadge(ctx.badge),
      courseCompleted: courseDone,
      neonbitsAwarded: CHAPTER_NEONBITS + (courseDone ? COURSE_NEONBITS : 0),
    };
  });
}

async function completeCourse(tx: Db, userId: string, ctx: CompletionContext): Promise<boolean> {
  const inserted = await tx
    .insert(completedCourses)
    .values({ userId, courseId: ctx.course.id })
    .onConflictDoNothing()
    .returning({ id: completedCourses.id });
  if (inserted.length === 0) return false;
  const text = completionTexts(ctx);
  await grantNeonBits(tx, {
    userId,
    amount: COURSE_NEONBITS,
    reason: "course_completed",
    reference: text.courseReference,
    description: text.courseDescription,
  });
  await recordActivity(tx, {
    userId,
    kind: "course_completed",
    title: text.courseActivity,
    link: text.courseLink,
  });
  return true;
}
