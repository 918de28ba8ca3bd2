import { and, eq, inArray, sql } from "drizzle-orm";
import { CHAPTER_NEONBITS, COURSE_NEONBITS } from "@neonlab/shared/constants";
import type { LessonCompleteResult } from "@neonlab/shared/schemas/learning";
import { currentCount } from "@neonlab/shared/streak";
import type { Db } from "../../db/client.ts";
import { conflict } from "../../errors.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { grantXp, lockStreak, recordActivity, recordCompletionDay } from "../progress/service.ts";
import { grantNeonBits } from "../wallet/service.ts";
import { accessibleLesson, type LessonContext } from "./lesson-lookup.ts";
import { presentBadge } from "./presenters.ts";
import {
  chapters,
  completedChapters,
  completedCourses,
  completedLessons,
  lessons,
  quizPasses,
  quizzes,
  reflectionAnswers,
  reflections,
} from "./schema.ts";

const short = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 70 ? `${line.slice(0, 69)}…` : line;
};

/** 409 naming every quiz not yet passed and every reflection not yet answered. */
async function assertReady(db: Db, userId: string, lessonId: number) {
  const openQuizzes = await db
    .select({ question: quizzes.question })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.lessonId, lessonId),
        eq(quizzes.hidden, false),
        sql`not exists (select 1 from ${quizPasses} where ${quizPasses.quizId} = ${quizzes.id} and ${quizPasses.userId} = ${userId})`,
      ),
    )
    .orderBy(quizzes.position);
  const openReflections = await db
    .select({ prompt: reflections.prompt })
    .from(reflections)
    .where(
      and(
        eq(reflections.lessonId, lessonId),
        eq(reflections.hidden, false),
        sql`not exists (select 1 from ${reflectionAnswers} where ${reflectionAnswers.reflectionId} = ${reflections.id} and ${reflectionAnswers.userId} = ${userId})`,
      ),
    )
    .orderBy(reflections.position);
  const missing = [
    ...openQuizzes.map((q) => `answer the quiz "${short(q.question)}" correctly`),
    ...openReflections.map((r) => `answer the reflection "${short(r.prompt)}"`),
  ];
  if (missing.length > 0) throw conflict(`You can't complete this lesson yet. Still to do: ${missing.join("; ")}.`);
}

/**
 * Completes a lesson exactly once. The user's streak row is locked first, so concurrent
 * completions of the same user run one after another; unique keys on completions and ledger rows
 * make every grant happen once even so. Announces lesson.completed, and badge.earned and
 * course.completed when they follow, with the commit.
 */
export async function completeLesson(
  db: Db,
  transaction: RunInTransaction,
  userId: string,
  lessonId: number,
  now = new Date(),
): Promise<LessonCompleteResult> {
  const ctx = await accessibleLesson(db, userId, lessonId);
  await assertReady(db, userId, lessonId);
  return transaction(async ({ db: tx, publish }) => {
    const locked = await lockStreak(tx, userId, now);
    const inserted = await tx
      .insert(completedLessons)
      .values({ userId, lessonId, xpAwarded: ctx.lesson.xp })
      .onConflictDoNothing()
      .returning({ id: completedLessons.id });
    if (inserted.length === 0) {
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
    const { lesson, course } = ctx;
    const xpGiven = await grantXp(tx, {
      userId,
      amount: lesson.xp,
      reason: "lesson_completed",
      reference: `lesson:${lesson.id}`,
      description: `Completed lesson: ${lesson.title}`,
    });
    await recordActivity(tx, {
      userId,
      kind: "lesson_completed",
      title: `Completed the lesson ${lesson.title}`,
      link: `/courses/${course.slug}/${lesson.slug}`,
    });
    const streak = await recordCompletionDay(tx, userId, locked);
    const chapterDone = await completeChapterIfDone(tx, userId, ctx);
    const courseDone = chapterDone ? await completeCourseIfDone(tx, userId, ctx) : false;
    await publish("lesson.completed", { userId, lessonId, courseId: course.id, xpAwarded: xpGiven ? lesson.xp : 0 });
    if (chapterDone) await publish("badge.earned", { userId, chapterId: ctx.chapter.id, badgeId: ctx.badge.id });
    if (courseDone) await publish("course.completed", { userId, courseId: course.id });
    return {
      lessonId,
      xpAwarded: xpGiven ? lesson.xp : 0,
      alreadyCompleted: false,
      streak,
      chapterCompleted: chapterDone ? presentBadge(ctx.badge) : null,
      courseCompleted: courseDone,
      neonbitsAwarded: (chapterDone ? CHAPTER_NEONBITS : 0) + (courseDone ? COURSE_NEONBITS : 0),
    };
  });
}

async function completeChapterIfDone(tx: Db, userId: string, ctx: LessonContext): Promise<boolean> {
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(lessons)
    .where(
      and(
        eq(lessons.chapterId, ctx.chapter.id),
        eq(lessons.hidden, false),
        sql`not exists (select 1 from ${completedLessons} where ${completedLessons.lessonId} = ${lessons.id} and ${completedLessons.userId} = ${userId})`,
      ),
    );
  if (left.n > 0) return false;
  const inserted = await tx
    .insert(completedChapters)
    .values({ userId, chapterId: ctx.chapter.id })
    .onConflictDoNothing()
    .returning({ id: completedChapters.id });
  if (inserted.length === 0) return false;
  await grantNeonBits(tx, {
    userId,
    amount: CHAPTER_NEONBITS,
    reason: "chapter_completed",
    reference: `chapter:${ctx.chapter.id}`,
    description: `Completed chapter: ${ctx.chapter.title} (badge ${ctx.badge.name})`,
  });
  await recordActivity(tx, {
    userId,
    kind: "chapter_completed",
    title: `Earned the ${ctx.badge.name} badge in ${ctx.course.title}`,
    link: `/courses/${ctx.course.slug}`,
  });
  return true;
}

async function completeCourseIfDone(tx: Db, userId: string, ctx: LessonContext): Promise<boolean> {
  const visible = await tx
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.courseId, ctx.course.id), eq(chapters.hidden, false)));
  const ids = visible.map((c) => c.id);
  const done = ids.length
    ? await tx
        .select({ id: completedChapters.chapterId })
        .from(completedChapters)
        .where(and(eq(completedChapters.userId, userId), inArray(completedChapters.chapterId, ids)))
    : [];
  if (done.length < ids.length) return false;
  const inserted = await tx
    .insert(completedCourses)
    .values({ userId, courseId: ctx.course.id })
    .onConflictDoNothing()
    .returning({ id: completedCourses.id });
  if (inserted.length === 0) return false;
  await grantNeonBits(tx, {
    userId,
    amount: COURSE_NEONBITS,
    reason: "course_completed",
    reference: `course:${ctx.course.id}`,
    description: `Completed course: ${ctx.course.title}`,
  });
  await recordActivity(tx, {
    userId,
    kind: "course_completed",
    title: `Completed the course ${ctx.course.title}`,
    link: `/courses/${ctx.course.slug}`,
  });
  return true;
}
