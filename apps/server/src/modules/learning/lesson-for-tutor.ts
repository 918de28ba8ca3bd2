import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accessibleLesson } from "./lesson-lookup.ts";
import { quizAttempts, quizPasses, quizzes } from "./schema.ts";

export type TutorQuiz = {
  id: number;
  question: string;
  hint: string | null;
  /** The learner's state: not tried, last tried wrong (and not passed), or passed. */
  state: "not tried" | "answered wrong" | "passed";
  /** The correct options' texts: for the tutor's leak check only, never for a prompt. */
  correctTexts: string[];
};

export type TutorLesson = {
  id: number;
  title: string;
  goal: string;
  body: string;
  course: string;
  chapter: string;
  quizzes: TutorQuiz[];
};

/** A lesson the user may read (404 unknown, 403 premium), with its quizzes and the user's state in each. */
export async function lessonForTutor(db: Db, userId: string, lessonId: number): Promise<TutorLesson> {
  const { lesson, chapter, course } = await accessibleLesson(db, userId, lessonId);
  const rows = await db
    .select({ id: quizzes.id, question: quizzes.question, hint: quizzes.hint, options: quizzes.options })
    .from(quizzes)
    .where(and(eq(quizzes.lessonId, lesson.id), eq(quizzes.hidden, false)))
    .orderBy(asc(quizzes.position), asc(quizzes.id));
  const ids = rows.map((q) => q.id);
  const passed = new Set<number>();
  const wrong = new Set<number>();
  if (ids.length > 0) {
    // Passes and wrong attempts in one read.
    const rows2 = await db
      .select({ quizId: quizAttempts.quizId, correct: quizAttempts.correct })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.quizId, ids)))
      .union(
        db
          .select({ quizId: quizPasses.quizId, correct: sql<boolean>`true` })
          .from(quizPasses)
          .where(and(eq(quizPasses.userId, userId), inArray(quizPasses.quizId, ids))),
      );
    for (const r of rows2) (r.correct ? passed : wrong).add(r.quizId);
  }
  return {
    id: lesson.id,
    title: lesson.title,
    goal: lesson.goal,
    body: lesson.body,
    course: course.title,
    chapter: chapter.title,
    quizzes: rows.map((q) => ({
      id: q.id,
      question: q.question,
      hint: q.hint,
      state: passed.has(q.id) ? "passed" : wrong.has(q.id) ? "answered wrong" : "not tried",
      correctTexts: q.options.filter((o) => o.correct).map((o) => o.text),
    })),
  };
}
