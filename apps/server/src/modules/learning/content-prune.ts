import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { PruneCounts } from "../../content/model.ts";
import type { Db } from "../../db/client.ts";
import {
  chapters,
  completedChapters,
  completedCourses,
  completedLessons,
  courses,
  lessons,
  quizPasses,
  quizzes,
  reflectionAnswers,
  reflections,
} from "./schema.ts";

// Content that left the files: deleted when no learner has progress on it, otherwise kept hidden.

/** Quizzes and reflections that left kept lessons: hidden when answered by someone, else deleted. */
export async function pruneLessonParts(
  tx: Db,
  kept: { lessons: number[]; quizzes: number[]; reflections: number[] },
  summary: PruneCounts,
) {
  if (kept.lessons.length === 0) return;
  const staleQuiz = and(
    inArray(quizzes.lessonId, kept.lessons),
    kept.quizzes.length ? notInArray(quizzes.id, kept.quizzes) : undefined,
  );
  const quizPassed = sql`exists (select 1 from ${quizPasses} where ${quizPasses.quizId} = ${quizzes.id})`;
  summary.hidden += (
    await tx
      .update(quizzes)
      .set({ hidden: true })
      .where(and(staleQuiz, quizPassed, eq(quizzes.hidden, false)))
      .returning({ id: quizzes.id })
  ).length;
  summary.removed += (
    await tx
      .delete(quizzes)
      .where(and(staleQuiz, sql`not ${quizPassed}`))
      .returning({ id: quizzes.id })
  ).length;
  const staleReflection = and(
    inArray(reflections.lessonId, kept.lessons),
    kept.reflections.length ? notInArray(reflections.id, kept.reflections) : undefined,
  );
  const answered = sql`exists (select 1 from ${reflectionAnswers} where ${reflectionAnswers.reflectionId} = ${reflections.id})`;
  summary.hidden += (
    await tx
      .update(reflections)
      .set({ hidden: true })
      .where(and(staleReflection, answered, eq(reflections.hidden, false)))
      .returning({ id: reflections.id })
  ).length;
  summary.removed += (
    await tx
      .delete(reflections)
      .where(and(staleReflection, sql`not ${answered}`))
      .returning({ id: reflections.id })
  ).length;
}

/** Hides or deletes the lessons and chapters of a course that are not kept, then the course itself if gone. */
export async function pruneCourse(
  tx: Db,
  courseId: number,
  keptLessons: number[],
  summary: PruneCounts,
  keptChapters?: number[],
) {
  const staleLesson = and(
    eq(lessons.courseId, courseId),
    keptLessons.length ? notInArray(lessons.id, keptLessons) : undefined,
  );
  const progress = sql`(
    exists (select 1 from ${completedLessons} where ${completedLessons.lessonId} = ${lessons.id})
    or exists (select 1 from ${quizPasses} join ${quizzes} on ${quizzes.id} = ${quizPasses.quizId} where ${quizzes.lessonId} = ${lessons.id})
    or exists (select 1 from ${reflectionAnswers} join ${reflections} on ${reflections.id} = ${reflectionAnswers.reflectionId} where ${reflections.lessonId} = ${lessons.id})
  )`;
  const hiddenLessons = await tx
    .update(lessons)
    .set({ hidden: true })
    .where(and(staleLesson, progress, eq(lessons.hidden, false)))
    .returning({ id: lessons.id });
  summary.hidden += hiddenLessons.length;
  summary.removed += (
    await tx
      .delete(lessons)
      .where(and(staleLesson, sql`not ${progress}`))
      .returning({ id: sql`1` })
  ).length;

  // A chapter that left the files survives (hidden) while it still holds lessons or was completed.
  const staleChapter = and(
    eq(chapters.courseId, courseId),
    keptChapters?.length ? notInArray(chapters.id, keptChapters) : undefined,
  );
  const chapterInUse = sql`(
    exists (select 1 from ${lessons} where ${lessons.chapterId} = ${chapters.id})
    or exists (select 1 from ${completedChapters} where ${completedChapters.chapterId} = ${chapters.id})
  )`;
  summary.hidden += (
    await tx
      .update(chapters)
      .set({ hidden: true })
      .where(and(staleChapter, chapterInUse, eq(chapters.hidden, false)))
      .returning({ id: sql`1` })
  ).length;
  summary.removed += (
    await tx
      .delete(chapters)
      .where(and(staleChapter, sql`not ${chapterInUse}`))
      .returning({ id: sql`1` })
  ).length;

  if (keptChapters) return;
  const courseInUse = sql`(
    exists (select 1 from ${chapters} where ${chapters.courseId} = ${courses.id})
    or exists (select 1 from ${completedCourses} where ${completedCourses.courseId} = ${courses.id})
  )`;
  const where = eq(courses.id, courseId);
  summary.hidden += (
    await tx
      .update(courses)
      .set({ hidden: true })
      .where(and(where, courseInUse, eq(courses.hidden, false)))
      .returning({ id: sql`1` })
  ).length;
  summary.removed += (
    await tx
      .delete(courses)
      .where(and(where, sql`not ${courseInUse}`))
      .returning({ id: sql`1` })
  ).length;
}
