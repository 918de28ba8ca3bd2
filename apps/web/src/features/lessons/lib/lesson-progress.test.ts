import type { LessonCompleteResult, LessonDetail } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import { runCompletionDialogs } from "./completion-flow.ts";
import {
  canComplete,
  lessonRequirements,
  requirementsHint,
  withQuizResult,
  withReflectionResult,
} from "./lesson-progress.ts";

const lesson = (): LessonDetail => ({
  id: 1,
  course_id: 1,
  chapter_id: 1,
  lesson_order: 1,
  slug: "l",
  title: "L",
  goal: "g",
  xp: 10,
  word_count: 300,
  body: "",
  course: { id: 1, slug: "c", title: "C", premium: false },
  chapter: { id: 1, slug: "ch", title: "Ch", chapter_order: 1, badge: { id: 1, name: "B", image: "/b.svg" } },
  quizzes: [1, 2].map((id) => ({
    id,
    key: `q${id}`,
    type: "single" as const,
    question: "?",
    options: [{ id: "0", text: "a" }],
    passed: false,
    review: null,
  })),
  reflections: [{ id: 5, key: "r", prompt: "Why?", user_response: null }],
  previous: null,
  next: null,
  completed: false,
  passed_quiz_ids: [],
  answered_reflection_ids: [],
});

const explanation = { option_id: "0", text: "a", correct: true, selected: true, explanation: "yes" };

describe("lesson requirements", () => {
  it("counts unpassed quizzes and unanswered reflections, and says what is missing", () => {
    let current = lesson();
    expect(lessonRequirements(current)).toEqual({ quizzesLeft: 2, reflectionsLeft: 1 });
    expect(requirementsHint(lessonRequirements(current))).toBe(
      "Pass 2 more quizzes and answer 1 more reflection to complete this lesson.",
    );

    current = withQuizResult(current, {
      quiz_id: 1,
      correct: true,
      message: "Correct!",
      wrong_count: null,
      hint: null,
      explanation: "yes",
      explanations: [explanation],
      passed: true,
    });
    expect(current.quizzes[0].review).toEqual([explanation]);
    current = withQuizResult(current, {
      quiz_id: 2,
      correct: false,
      message: "That is not the right answer.",
      wrong_count: 1,
      hint: null,
      explanation: "",
      explanations: [],
      passed: false,
    });
    expect(lessonRequirements(current)).toEqual({ quizzesLeft: 1, reflectionsLeft: 1 });

    current = withReflectionResult(current, { reflection_id: 5, user_response: "Because it helps.", answered_at: "" });
    expect(current.reflections[0].user_response).toBe("Because it helps.");
    expect(requirementsHint(lessonRequirements(current))).toBe("Pass 1 more quiz to complete this lesson.");
    expect(canComplete(lessonRequirements(current))).toBe(false);

    current = withQuizResult(current, {
      quiz_id: 2,
      correct: true,
      message: "Correct!",
      wrong_count: null,
      hint: null,
      explanation: "yes",
      explanations: [],
      passed: true,
    });
    expect(canComplete(lessonRequirements(current))).toBe(true);
    expect(requirementsHint(lessonRequirements(current))).toBeNull();
  });

  it("trusts the server's passed and answered ids", () => {
    const current = { ...lesson(), passed_quiz_ids: [1, 2], answered_reflection_ids: [5] };
    expect(canComplete(lessonRequirements(current))).toBe(true);
  });
});

describe("completion dialogs", () => {
  const result = (overrides: Partial<LessonCompleteResult>): LessonCompleteResult => ({
    lessonId: 1,
    xpAwarded: 10,
    alreadyCompleted: false,
    streak: { count: 1, extended: true, status: "done" },
    chapterCompleted: { id: 3, name: "Markup Initiate", image: "/badge.svg" },
    courseCompleted: true,
    neonbitsAwarded: 120,
    ...overrides,
  });

  const recorder = () => {
    const calls: string[] = [];
    const opener = (name: string) => async (input?: unknown) => {
      calls.push(input === undefined ? name : `${name} ${JSON.stringify(input)}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    return {
      calls,
      openers: {
        lesson: opener("lesson"),
        streak: opener("streak"),
        chapter: opener("chapter"),
        course: opener("course"),
      },
    };
  };

  it("opens lesson, streak, chapter badge and course in order, each after the previous closed", async () => {
    const { calls, openers } = recorder();
    await runCompletionDialogs(result({}), openers);
    expect(calls).toEqual([
      'lesson {"xp":10}',
      'streak {"count":1}',
      'chapter {"name":"Markup Initiate","image":"/badge.svg","neonbits":20}',
      'course {"neonbits":100}',
    ]);
  });

  it("opens only the lesson dialog when nothing else happened", async () => {
    const { calls, openers } = recorder();
    await runCompletionDialogs(
      result({
        xpAwarded: 0,
        streak: { count: 4, extended: false, status: "done" },
        chapterCompleted: null,
        courseCompleted: false,
      }),
      openers,
    );
    expect(calls).toEqual(['lesson {"xp":0}']);
  });
});
