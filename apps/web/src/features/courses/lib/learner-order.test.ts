import type { CompletedLesson, Course } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import { testProfile } from "../../../test/fixtures.ts";
import { courseToContinue, hasFullAccess, inLearnerOrder } from "./learner-order.ts";

const course = (id: number, premium: boolean, done = 0, total = 4): Course =>
  ({
    id,
    slug: `c${id}`,
    premium,
    progress: { completed_lessons: done, total_lessons: total, completed: done === total },
  }) as Course;

const completion = (courseId: number, at: string): CompletedLesson =>
  ({ course_id: courseId, created_at: at }) as CompletedLesson;

const ids = (courses: Course[]) => courses.map((c) => c.id);

describe("the learner's order of courses", () => {
  const catalogue = [course(1, true), course(2, false), course(3, true), course(4, false)];

  it("puts free courses first for a learner without access, keeping the API's order within each group", () => {
    expect(ids(inLearnerOrder(catalogue, false))).toEqual([2, 4, 1, 3]);
    expect(ids(inLearnerOrder(catalogue, true))).toEqual([1, 2, 3, 4]);
  });

  it("gives full access to admins and learners with has_access only", () => {
    expect(hasFullAccess(null)).toBe(false);
    expect(hasFullAccess({ ...testProfile, role: "user", has_access: false })).toBe(false);
    expect(hasFullAccess({ ...testProfile, role: "user", has_access: true })).toBe(true);
    expect(hasFullAccess({ ...testProfile, role: "admin", has_access: false })).toBe(true);
  });

  it("continues a new learner in the first free course, or the first course at all with access", () => {
    expect(courseToContinue(catalogue, [], false)?.id).toBe(2);
    expect(courseToContinue(catalogue, [], true)?.id).toBe(1);
  });

  it("continues the course of the latest completed lesson while it is unfinished", () => {
    const courses = [course(1, true, 1), course(2, false, 2), course(4, false, 1)];
    const rows = [completion(2, "2026-01-01T10:00:00.000Z"), completion(4, "2026-01-02T10:00:00.000Z")];
    expect(courseToContinue(courses, rows, false)?.id).toBe(4);
  });

  it("moves on to a started course, then to the next unfinished one it can open, then to none", () => {
    const rows = [completion(2, "2026-01-02T10:00:00.000Z")];
    expect(courseToContinue([course(1, true, 1), course(2, false, 4), course(4, false)], rows, false)?.id).toBe(1);
    expect(courseToContinue([course(1, true), course(2, false, 4), course(4, false)], rows, false)?.id).toBe(4);
    expect(courseToContinue([course(1, true), course(2, false, 4)], rows, false)).toBeNull();
  });
});
