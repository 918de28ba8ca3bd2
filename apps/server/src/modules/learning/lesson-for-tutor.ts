import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { QuizType } from "@neonlab/shared/schemas/learning";
import { onContentImported } from "../../lib/content-imported.ts";
import type { Db } from "../../db/client.ts";
import { forbidden } from "../../errors.ts";
import { PREMIUM_LESSON_MESSAGE } from "./access.ts";
import { lessonById } from "./lesson-lookup.ts";
import { quizAttempts, quizPasses, quizzes, reflections } from "./schema.ts";

type QuizState = "not tried" | "answered wrong" | "passed";

export type TutorQuiz = {
  id: number;
  type: QuizType;
  question: string;
  hint: string | null;
  /** The learner's state: not tried, last tried wrong (and not passed), or passed. */
  state: QuizState;
  /** The correct options' texts: for the tutor's leak check only, never for a prompt. */
  correctTexts: string[];
  /**
   * Every option with its explanation, in file order: the tutor matches pasted options against them, and explains
   * them once the learner has passed the quiz — never before.
   */
  options: { text: string; correct: boolean; explanation: string }[];
};

/** The lesson as its content (the same for every learner), cached: it changes only on import. */
export type TutorLessonContent = {
  id: number;
  title: string;
  goal: string;
  body: string;
  course: string;
  chapter: string;
  /** Whether reading it needs has_access (a premium course, past its free first chapter). */
  needsAccess: boolean;
  quizzes: Omit<TutorQuiz, "state">[];
  /** The reflections' prompts, in order (the tutor answers them with questions, never a model answer). */
  reflections: string[];
};

export type TutorLesson = Omit<TutorLessonContent, "quizzes" | "needsAccess"> & { quizzes: TutorQuiz[] };

/**
 * Lessons with their quizzes per database handle. An import in this process drops them at once; one done by
 * another process (the content CLI, another instance) is seen within CONTENT_TTL_MS.
 */
export const CONTENT_TTL_MS = 60_000;
const cache = new WeakMap<Db, Map<number, { at: number; lesson: Promise<TutorLessonContent> }>>();
onContentImported((db) => cache.delete(db));

async function readLessonContent(db: Db, lessonId: number): Promise<TutorLessonContent> {
  const { lesson, chapter, course, firstChapterOrder } = await lessonById(db, lessonId);
  const [rows, prompts] = await Promise.all([
    db
      .select({
        id: quizzes.id,
        type: quizzes.type,
        question: quizzes.question,
        hint: quizzes.hint,
        options: quizzes.options,
      })
      .from(quizzes)
      .where(and(eq(quizzes.lessonId, lesson.id), eq(quizzes.hidden, false)))
      .orderBy(asc(quizzes.position), asc(quizzes.id)),
    db
      .select({ prompt: reflections.prompt })
      .from(reflections)
      .where(and(eq(reflections.lessonId, lesson.id), eq(reflections.hidden, false)))
      .orderBy(asc(reflections.position), asc(reflections.id)),
  ]);
  return {
    id: lesson.id,
    title: lesson.title,
    goal: lesson.goal,
    body: lesson.body,
    course: course.title,
    chapter: chapter.title,
    needsAccess: course.premium && chapter.chapterOrder > firstChapterOrder,
    quizzes: rows.map((q) => ({
      id: q.id,
      type: q.type,
      question: q.question,
      hint: q.hint,
      correctTexts: q.options.filter((o) => o.correct).map((o) => o.text),
      options: q.options.map((o) => ({ text: o.text, correct: o.correct, explanation: o.explanation })),
    })),
    reflections: prompts.map((r) => r.prompt),
  };
}

/** A visible lesson's content and quizzes (404 unknown), from memory when read in the last CONTENT_TTL_MS. */
export function tutorLessonContent(db: Db, lessonId: number, now = Date.now()): Promise<TutorLessonContent> {
  const lessons = cache.get(db) ?? new Map();
  cache.set(db, lessons);
  const hit = lessons.get(lessonId);
  if (hit && now - hit.at < CONTENT_TTL_MS) return hit.lesson;
  const lesson = readLessonContent(db, lessonId);
  const entry = { at: now, lesson };
  lessons.set(lessonId, entry);
  // A failed read (404, a database error) is not kept.
  lesson.catch(() => {
    if (lessons.get(lessonId) === entry) lessons.delete(lessonId);
  });
  return lesson;
}

/** 403 with the paywall message when the lesson needs access the user does not have. */
export function assertTutorLessonAccess(lesson: TutorLessonContent, userHasAccess: boolean) {
  if (lesson.needsAccess && !userHasAccess) throw forbidden(PREMIUM_LESSON_MESSAGE);
}

/** A learner's attempts at quizzes: `[quiz id, correct]` pairs (a pass counts as a correct one), or null for none. */
export type QuizStateRows = [number, boolean][] | null;

/**
 * The user's attempts at the lesson's quizzes as a column of another read (the tutor's asker read): passes and
 * wrong attempts, one JSON array, so the states cost no statement of their own.
 */
export function quizStatesColumn(userId: string, lesson: TutorLessonContent) {
  const ids = lesson.quizzes.map((q) => q.id);
  if (ids.length === 0) return sql<QuizStateRows | string>`null::json`;
  return sql<QuizStateRows | string>`(select json_agg(json_build_array(s.quiz_id, s.correct)) from (
      select ${quizAttempts.quizId} as quiz_id, ${quizAttempts.correct} as correct from ${quizAttempts}
        where ${and(eq(quizAttempts.userId, userId), inArray(quizAttempts.quizId, ids))}
      union
      select ${quizPasses.quizId}, true from ${quizPasses}
        where ${and(eq(quizPasses.userId, userId), inArray(quizPasses.quizId, ids))}) s)`;
}

/** The lesson with the user's state in each of its quizzes, from `quizStatesColumn`'s rows. */
export function withQuizStates(lesson: TutorLessonContent, states: QuizStateRows | string): TutorLesson {
  const rows: [number, boolean][] = (typeof states === "string" ? JSON.parse(states) : states) ?? [];
  const passed = new Set<number>();
  const wrong = new Set<number>();
  for (const [quizId, correct] of rows) (correct ? passed : wrong).add(quizId);
  const { needsAccess: _, ...content } = lesson;
  return {
    ...content,
    quizzes: lesson.quizzes.map((q) => ({
      ...q,
      state: passed.has(q.id) ? "passed" : wrong.has(q.id) ? "answered wrong" : "not tried",
    })),
  };
}
