import type { CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import type { QueuedAction } from "../../../lib/offline/queue.ts";
import { lessonsAfter } from "./lessons-ahead.ts";
import { withQueued } from "./offline-lesson.ts";

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

const queued = (
  lessonId: number,
  kind: QueuedAction["kind"],
  targetId: number | null,
  body?: unknown,
): QueuedAction => ({
  id: `${kind}-${targetId}`,
  userId: "u1",
  kind,
  lessonId,
  lessonTitle: "L",
  lessonPath: "/courses/c/l",
  targetId,
  path: "",
  body,
  at: "2026-11-28T10:00:00.000Z",
});

describe("a lesson with what was done offline", () => {
  it("shows reflections saved offline as answered and lists quizzes answered offline; other lessons' actions are left out", () => {
    const local = withQueued(lesson(), [
      queued(1, "quiz", 2, { responses: ["0"] }),
      queued(1, "reflection", 5, { userResponse: "Because it keeps pages usable." }),
      queued(1, "complete", null),
      queued(9, "quiz", 1, { responses: ["0"] }),
    ]);
    expect([...local.queuedQuizIds]).toEqual([2]);
    expect(local.lesson.reflections[0]?.user_response).toBe("Because it keeps pages usable.");
    expect(local.lesson.answered_reflection_ids).toEqual([5]);
    expect(local.completionQueued).toBe(true);
    // Nothing is marked passed: only the server grades.
    expect(local.lesson.quizzes.every((q) => !q.passed)).toBe(true);
  });

  it("nothing queued: the lesson as it is", () => {
    const local = withQueued(lesson(), []);
    expect(local.lesson).toEqual(lesson());
    expect(local.queuedQuizIds.size).toBe(0);
    expect(local.completionQueued).toBe(false);
  });
});

describe("lessons fetched ahead", () => {
  const summary = (slug: string, order: number, locked = false) => ({
    id: order,
    chapter_id: 1,
    lesson_order: order,
    slug,
    title: slug,
    goal: "",
    xp: 10,
    word_count: 100,
    completed: false,
    locked,
  });
  const course = {
    chapters: [
      { chapter_order: 2, lessons: [summary("d", 1), summary("e", 2, true), summary("f", 3)] },
      { chapter_order: 1, lessons: [summary("b", 2), summary("a", 1), summary("c", 3)] },
    ],
  } as unknown as CourseDetail;

  it("are the next ones in course order, locked ones left out, at most 5", () => {
    expect(lessonsAfter(course, "a")).toEqual(["b", "c", "d", "f"]);
    expect(lessonsAfter(course, "a", 2)).toEqual(["b", "c"]);
    expect(lessonsAfter(course, "f")).toEqual([]);
    expect(lessonsAfter(course, "missing")).toEqual([]);
  });
});
