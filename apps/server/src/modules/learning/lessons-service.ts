import { and, asc, eq, inArray } from "drizzle-orm";
import type { LessonDetail, QuizResult, ReflectionResult } from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../errors.ts";
import { assertLessonAccess } from "./access.ts";
import { type GradedOption, gradeQuiz, reviewQuiz } from "./grading.ts";
import { accessibleLesson, courseReadingOrder, lessonBySlugs } from "./lesson-lookup.ts";
import { storedOptionId } from "./option-ids.ts";
import { presentBadge } from "./presenters.ts";
import type { QuizOrder } from "./quiz-order.ts";
import { completedLessons, quizAttempts, quizPasses, quizzes, reflectionAnswers, reflections } from "./schema.ts";

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
 * gets a message and the hint only; the explanations come with the right answer.
 */
export async function answerQuiz(
  db: Db,
  order: QuizOrder,
  userId: string,
  lessonId: number,
  quizId: number,
  responses: string[],
): Promise<QuizResult> {
  await accessibleLesson(db, userId, lessonId);
  const [quiz] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.lessonId, lessonId), eq(quizzes.hidden, false)));
  if (!quiz) throw notFound("This lesson has no such quiz.");
  const options = optionsFor(order, userId, quiz);
  const grade = gradeQuiz(quiz.type, options, responses);
  if (!grade.ok) throw badRequest(grade.message);
  await db.insert(quizAttempts).values({ userId, quizId, responses: grade.selected, correct: grade.correct });
  if (grade.correct) {
    await db.insert(quizPasses).values({ userId, quizId, responses: grade.selected }).onConflictDoNothing();
    const review = reviewQuiz(options);
    return {
      quiz_id: quizId,
      correct: true,
      message: "Correct!",
      wrong_count: null,
      hint: null,
      explanation: review
        .filter((o) => o.correct)
        .map((o) => o.explanation)
        .join(" "),
      explanations: review,
      passed: true,
    };
  }
  const earlier = await db
    .select({ quizId: quizPasses.quizId })
    .from(quizPasses)
    .where(and(eq(quizPasses.userId, userId), eq(quizPasses.quizId, quizId)));
  return {
    quiz_id: quizId,
    correct: false,
    message: grade.message,
    wrong_count: grade.wrongCount,
    hint: quiz.hint,
    explanation: "",
    explanations: [],
    passed: earlier.length > 0,
  };
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
