import { and, asc, eq, inArray } from "drizzle-orm";
import type { LessonDetail, QuizResult, ReflectionResult } from "@neonlab/shared/schemas/learning";
import type { ReviewLessonLink } from "@neonlab/shared/schemas/review";
import type { Db } from "../../db/client.ts";
import type { DbAccess } from "../../transaction.ts";
import { userHasAccess } from "../identity/service.ts";
import { badRequest, notFound } from "../../errors.ts";
import { assertLessonAccess } from "./access.ts";
import { type GradedOption, gradeQuiz, reviewQuiz, type Verdict, verdictOf } from "./grading.ts";
import { accessibleLesson, contextColumns, courseReadingOrder, lessonBySlugs, visible } from "./lesson-lookup.ts";
import { storedOptionId } from "./option-ids.ts";
import { presentBadge } from "./presenters.ts";
import type { QuizOrder } from "./quiz-order.ts";
import {
  chapters,
  completedLessons,
  courses,
  lessons,
  quizAttempts,
  quizPasses,
  quizzes,
  reflectionAnswers,
  reflections,
} from "./schema.ts";

type QuizRow = typeof quizzes.$inferSelect;

/** A quiz's options with their ids, in the order this learner sees them. */
const optionsFor = (order: QuizOrder, userId: string | null, quiz: QuizRow): GradedOption[] =>
  order(
    userId,
    quiz.id,
    quiz.options.map((o) => ({
      id: storedOptionId(quiz.key, o),
      text: o.text,
      correct: o.correct,
      explanation: o.explanation,
    })),
  );

/** A lesson to read: quizzes without answers (unless passed), reflections, neighbours and the caller's progress. */
export async function getLesson(
  db: Db,
  quizOrder: QuizOrder,
  courseSlug: string,
  lessonSlug: string,
  userId: string | null,
): Promise<LessonDetail> {
  const ctx = await lessonBySlugs(db, courseSlug, lessonSlug);
  const { lesson, chapter, course } = ctx;
  await assertLessonAccess(db, userId, {
    premium: course.premium,
    chapterOrder: chapter.chapterOrder,
    firstChapterOrder: ctx.firstChapterOrder,
  });
  const quizRows = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.lessonId, lesson.id), eq(quizzes.hidden, false)))
    .orderBy(asc(quizzes.position), asc(quizzes.id));
  const reflectionRows = await db
    .select()
    .from(reflections)
    .where(and(eq(reflections.lessonId, lesson.id), eq(reflections.hidden, false)))
    .orderBy(asc(reflections.position), asc(reflections.id));

  const passes = new Set<number>();
  const answers = new Map<number, string>();
  let completed = false;
  if (userId) {
    const quizIds = quizRows.map((q) => q.id);
    const reflectionIds = reflectionRows.map((r) => r.id);
    if (quizIds.length > 0) {
      const rows = await db
        .select({ quizId: quizPasses.quizId })
        .from(quizPasses)
        .where(and(eq(quizPasses.userId, userId), inArray(quizPasses.quizId, quizIds)));
      for (const row of rows) passes.add(row.quizId);
    }
    if (reflectionIds.length > 0) {
      const rows = await db
        .select({ reflectionId: reflectionAnswers.reflectionId, response: reflectionAnswers.response })
        .from(reflectionAnswers)
        .where(and(eq(reflectionAnswers.userId, userId), inArray(reflectionAnswers.reflectionId, reflectionIds)));
      for (const row of rows) answers.set(row.reflectionId, row.response);
    }
    const done = await db
      .select({ id: completedLessons.id })
      .from(completedLessons)
      .where(and(eq(completedLessons.userId, userId), eq(completedLessons.lessonId, lesson.id)));
    completed = done.length > 0;
  }

  const order = await courseReadingOrder(db, course.id);
  const at = order.findIndex((l) => l.id === lesson.id);
  const link = (i: number) => (order[i] ? { slug: order[i].slug, title: order[i].title } : null);
  return {
    id: lesson.id,
    course_id: course.id,
    chapter_id: chapter.id,
    lesson_order: lesson.lessonOrder,
    slug: lesson.slug,
    title: lesson.title,
    goal: lesson.goal,
    xp: lesson.xp,
    word_count: lesson.wordCount,
    body: lesson.body,
    course: { id: course.id, slug: course.slug, title: course.title, premium: course.premium },
    chapter: {
      id: chapter.id,
      slug: chapter.slug,
      title: chapter.title,
      chapter_order: chapter.chapterOrder,
      badge: presentBadge(ctx.badge),
    },
    quizzes: quizRows.map((q) => {
      const options = optionsFor(quizOrder, userId, q);
      const passed = passes.has(q.id);
      return {
        id: q.id,
        key: q.key,
        type: q.type,
        question: q.question,
        options: options.map((o) => ({ id: o.id, text: o.text })),
        passed,
        review: passed ? reviewQuiz(options) : null,
      };
    }),
    reflections: reflectionRows.map((r) => ({
      id: r.id,
      key: r.key,
      prompt: r.prompt,
      user_response: answers.get(r.id) ?? null,
    })),
    previous: at > 0 ? link(at - 1) : null,
    next: at >= 0 ? link(at + 1) : null,
    completed,
    passed_quiz_ids: [...passes],
    answered_reflection_ids: [...answers.keys()],
  };
}

/**
 * Grades an answer (option ids) on the server; retries are allowed and a pass is kept once. A wrong answer
 * gets a message and the hint only; the explanations come with the right answer. A wrong answer is
 * announced (quiz.missed) with its attempt, so the review module makes it a card in the same transaction.
 */
export async function answerQuiz(
  deps: DbAccess,
  order: QuizOrder,
  userId: string,
  lessonId: number,
  quizId: number,
  responses: string[],
): Promise<QuizResult> {
  const { db } = deps;
  await accessibleLesson(db, userId, lessonId);
  const [quiz] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.lessonId, lessonId), eq(quizzes.hidden, false)));
  if (!quiz) throw notFound("This lesson has no such quiz.");
  const options = optionsFor(order, userId, quiz);
  const grade = gradeQuiz(quiz.type, options, responses);
  if (!grade.ok) throw badRequest(grade.message);
  const verdict = verdictOf(grade, options, quiz.hint);
  if (grade.correct) {
    await db.insert(quizAttempts).values({ userId, quizId, responses: grade.selected, correct: true });
    await db.insert(quizPasses).values({ userId, quizId, responses: grade.selected }).onConflictDoNothing();
    return { quiz_id: quizId, ...verdict, passed: true };
  }
  await deps.transaction(async (tx) => {
    await tx.db.insert(quizAttempts).values({ userId, quizId, responses: grade.selected, correct: false });
    await tx.publish("quiz.missed", { userId, lessonId, quizId });
  });
  const earlier = await db
    .select({ quizId: quizPasses.quizId })
    .from(quizPasses)
    .where(and(eq(quizPasses.userId, userId), eq(quizPasses.quizId, quizId)));
  return { quiz_id: quizId, ...verdict, passed: earlier.length > 0 };
}

export type ReviewQuiz = {
  quiz: { id: number; key: string; type: QuizRow["type"]; question: string; options: { id: string; text: string }[] };
  lesson: ReviewLessonLink;
};

/** A quiz's anchor on its lesson page (the quiz card's element id). */
export const quizAnchor = (key: string) => `quiz-${key}`;

/**
 * Which of `quizIds` the learner may be asked again: shown in a shown lesson they may open (a premium lesson beyond
 * the free preview needs access: assertLessonAccess's rule). A light read, for counting.
 */
export async function reviewableQuizIds(db: Db, userId: string, quizIds: number[]): Promise<Set<number>> {
  if (quizIds.length === 0) return new Set();
  const rows = await db
    .select({
      id: quizzes.id,
      premium: courses.premium,
      chapterOrder: chapters.chapterOrder,
      firstChapterOrder: contextColumns.firstChapterOrder,
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(inArray(quizzes.id, quizIds), eq(quizzes.hidden, false), visible));
  const paywalled = (r: (typeof rows)[number]) => r.premium && r.chapterOrder > (r.firstChapterOrder ?? r.chapterOrder);
  const open = !rows.some(paywalled) || (await userHasAccess(db, userId)) ? rows : rows.filter((r) => !paywalled(r));
  return new Set(open.map((r) => r.id));
}

/** The reviewable quizzes among `quizIds` (reviewableQuizIds) with their lesson's place. */
async function reviewableQuizzes(db: Db, userId: string, quizIds: number[]) {
  const ids = [...(await reviewableQuizIds(db, userId, quizIds))];
  if (ids.length === 0) return [];
  return db
    .select({ quiz: quizzes, lessonSlug: lessons.slug, lessonTitle: lessons.title, courseSlug: courses.slug })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(inArray(quizzes.id, ids));
}

const linkOf = (r: Awaited<ReturnType<typeof reviewableQuizzes>>[number]): ReviewLessonLink => {
  const anchor = quizAnchor(r.quiz.key);
  return {
    course_slug: r.courseSlug,
    lesson_slug: r.lessonSlug,
    title: r.lessonTitle,
    anchor,
    path: `/courses/${r.courseSlug}/${r.lessonSlug}#${anchor}`,
  };
};

/** The quizzes (by id) the learner may review, as their lesson shows them unanswered, with their lesson's link. */
export async function reviewQuizzes(
  db: Db,
  order: QuizOrder,
  userId: string,
  quizIds: number[],
): Promise<Map<number, ReviewQuiz>> {
  const rows = await reviewableQuizzes(db, userId, quizIds);
  return new Map(
    rows.map((r) => [
      r.quiz.id,
      {
        quiz: {
          id: r.quiz.id,
          key: r.quiz.key,
          type: r.quiz.type,
          question: r.quiz.question,
          options: optionsFor(order, userId, r.quiz).map((o) => ({ id: o.id, text: o.text })),
        },
        lesson: linkOf(r),
      },
    ]),
  );
}

/**
 * Grades a review's answer to a quiz as its lesson would (same order, rule and texts), without touching the
 * lesson's attempts or passes. 404 when the quiz can no longer be reviewed (removed, or a lesson the
 * learner may not open), 400 for an option the quiz does not have.
 */
export async function gradeReviewAnswer(
  db: Db,
  order: QuizOrder,
  userId: string,
  quizId: number,
  responses: string[],
): Promise<Verdict & { lesson: ReviewLessonLink }> {
  const [row] = await reviewableQuizzes(db, userId, [quizId]);
  if (!row) throw notFound("This quiz is no longer part of a lesson you can open.");
  const options = optionsFor(order, userId, row.quiz);
  const grade = gradeQuiz(row.quiz.type, options, responses);
  if (!grade.ok) throw badRequest(grade.message);
  return { ...verdictOf(grade, options, row.quiz.hint), lesson: linkOf(row) };
}

/** Saves (or replaces) the caller's answer to a reflection; length is checked by the route schema. */
export async function answerReflection(
  db: Db,
  userId: string,
  lessonId: number,
  reflectionId: number,
  userResponse: string,
): Promise<ReflectionResult> {
  await accessibleLesson(db, userId, lessonId);
  const [reflection] = await db
    .select({ id: reflections.id })
    .from(reflections)
    .where(and(eq(reflections.id, reflectionId), eq(reflections.lessonId, lessonId), eq(reflections.hidden, false)));
  if (!reflection) throw notFound("This lesson has no such reflection.");
  const now = new Date();
  const [row] = await db
    .insert(reflectionAnswers)
    .values({ userId, reflectionId, response: userResponse })
    .onConflictDoUpdate({
      target: [reflectionAnswers.userId, reflectionAnswers.reflectionId],
      set: { response: userResponse, updatedAt: now },
    })
    .returning();
  return { reflection_id: reflectionId, user_response: row.response, answered_at: row.updatedAt.toISOString() };
}
