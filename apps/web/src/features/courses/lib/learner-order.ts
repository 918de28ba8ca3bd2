import type { CompletedLesson, Course } from "@neonlab/shared/schemas/learning";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";

/** Whether the learner may open every course: admins, and users with `has_access` (spec §6). */
export const hasFullAccess = (profile: OwnProfile | null) =>
  profile !== null && (profile.role === "admin" || profile.has_access);

/**
 * The catalogue in the order a learner should meet it: someone without access (or signed out) sees the
 * free courses first, each group in the API's order (by id); someone with access sees the API's order.
 */
export function inLearnerOrder(courses: Course[], fullAccess: boolean): Course[] {
  if (fullAccess) return courses;
  return [...courses.filter((course) => !course.premium), ...courses.filter((course) => course.premium)];
}

const unfinished = (course: Course) => !course.progress?.completed;

/**
 * The course "Continue learning" opens: the one of the latest completed lesson while it is unfinished,
 * else the first started and unfinished one, else the first unfinished one the learner can open (free
 * ones first without access); null when every course is done.
 */
export function courseToContinue(courses: Course[], completed: CompletedLesson[], fullAccess: boolean): Course | null {
  const latest = completed.reduce<CompletedLesson | null>(
    (last, row) => (last === null || row.created_at > last.created_at ? row : last),
    null,
  );
  const ordered = inLearnerOrder(courses, fullAccess);
  const ofLatest = latest ? ordered.find((course) => course.id === latest.course_id) : undefined;
  if (ofLatest && unfinished(ofLatest)) return ofLatest;
  const started = ordered.find((course) => (course.progress?.completed_lessons ?? 0) > 0 && unfinished(course));
  if (started) return started;
  return ordered.find((course) => unfinished(course) && (fullAccess || !course.premium)) ?? null;
}
