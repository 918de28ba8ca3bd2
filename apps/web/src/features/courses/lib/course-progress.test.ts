import type { CourseDetail, LessonSummary } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import { nextLessonPath, progressPercent } from "./course-progress.ts";

const lesson = (slug: string, completed: boolean, locked = false): LessonSummary => ({
  id: slug.length,
  chapter_id: 1,
  lesson_order: 1,
  slug,
  title: slug,
  goal: "",
  xp: 10,
  word_count: 300,
  completed,
  locked,
});

const course = (chapters: LessonSummary[][]): CourseDetail =>
  ({ slug: "c", chapters: chapters.map((lessons) => ({ lessons })) }) as unknown as CourseDetail;

describe("course progress", () => {
  it("rounds the percentage and survives an empty course", () => {
    expect(progressPercent({ completed_lessons: 1, total_lessons: 3, completed: false })).toBe(33);
    expect(progressPercent({ completed_lessons: 3, total_lessons: 3, completed: true })).toBe(100);
    expect(progressPercent({ completed_lessons: 0, total_lessons: 0, completed: false })).toBe(0);
  });

  it("continues at the first open lesson not done, never a locked one", () => {
    expect(nextLessonPath(course([[lesson("a", true), lesson("b", false)], [lesson("c", false)]]))).toBe(
      "/courses/c/b",
    );
    expect(nextLessonPath(course([[lesson("a", true)], [lesson("b", false, true)]]))).toBe("/courses/c/a");
    expect(nextLessonPath(course([[lesson("a", false, true)]]))).toBeNull();
  });
});
