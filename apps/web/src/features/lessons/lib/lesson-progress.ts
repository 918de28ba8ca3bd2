import type { LessonDetail, LessonQuiz, QuizResult, ReflectionResult } from "@neonlab/shared/schemas/learning";

export type Requirements = { quizzesLeft: number; reflectionsLeft: number };

/** What still stands between the learner and the Complete button. */
export function lessonRequirements(lesson: LessonDetail): Requirements {
  const passed = new Set(lesson.passed_quiz_ids);
  const answered = new Set(lesson.answered_reflection_ids);
  return {
    quizzesLeft: lesson.quizzes.filter((q) => !q.passed && !passed.has(q.id)).length,
    reflectionsLeft: lesson.reflections.filter((r) => r.user_response === null && !answered.has(r.id)).length,
  };
}

export const canComplete = ({ quizzesLeft, reflectionsLeft }: Requirements) =>
  quizzesLeft === 0 && reflectionsLeft === 0;

/** The hint beside a disabled Complete button, e.g. "Pass 1 more quiz and answer 2 more reflections to complete this lesson." */
export function requirementsHint({ quizzesLeft, reflectionsLeft }: Requirements): string | null {
  const parts = [
    quizzesLeft > 0 ? `pass ${quizzesLeft} more ${quizzesLeft === 1 ? "quiz" : "quizzes"}` : null,
    reflectionsLeft > 0
      ? `answer ${reflectionsLeft} more ${reflectionsLeft === 1 ? "reflection" : "reflections"}`
      : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  const sentence = `${parts.join(" and ")} to complete this lesson.`;
  return sentence[0].toUpperCase() + sentence.slice(1);
}

/** The cached lesson after a quiz answer: a passed quiz shows its review from now on. */
export function withQuizResult(lesson: LessonDetail, result: QuizResult): LessonDetail {
  if (!result.passed) return lesson;
  const quizzes = lesson.quizzes.map(
    (q): LessonQuiz =>
      q.id === result.quiz_id ? { ...q, passed: true, review: result.correct ? result.explanations : q.review } : q,
  );
  const passed = new Set([...lesson.passed_quiz_ids, result.quiz_id]);
  return { ...lesson, quizzes, passed_quiz_ids: [...passed] };
}

/** The cached lesson after a reflection was saved. */
export function withReflectionResult(lesson: LessonDetail, result: ReflectionResult): LessonDetail {
  const reflections = lesson.reflections.map((r) =>
    r.id === result.reflection_id ? { ...r, user_response: result.user_response } : r,
  );
  const answered = new Set([...lesson.answered_reflection_ids, result.reflection_id]);
  return { ...lesson, reflections, answered_reflection_ids: [...answered] };
}
