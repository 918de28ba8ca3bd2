// The learning module's public surface: what other modules may call.
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { lessonById } from "./lesson-lookup.ts";
import { quizAnchor } from "./lessons-service.ts";
import { courses, lessons, quizzes } from "./schema.ts";
import { eq } from "drizzle-orm";

export type LessonLink = { id: number; title: string; path: string };

/** A visible lesson's title and page path; 404 ("Lesson not found.") when unknown or removed. */
export async function visibleLessonLink(db: Db, lessonId: number): Promise<LessonLink> {
  const { lesson, course } = await lessonById(db, lessonId);
  return { id: lesson.id, title: lesson.title, path: `/courses/${course.slug}/${lesson.slug}` };
}

/** Titles and paths of lessons by id (hidden ones too: a report may outlive a lesson's place in the course). */
export async function lessonLinks(db: Db, ids: number[]): Promise<Map<number, LessonLink>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, lessonSlug: lessons.slug, courseSlug: courses.slug })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(inArray(lessons.id, ids));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, title: r.title, path: `/courses/${r.courseSlug}/${r.lessonSlug}` }]),
  );
}

/** Quizzes' questions and their place (lesson page and anchor) by id, hidden ones too: for a data export. */
export async function quizLinks(
  db: Db,
  ids: number[],
): Promise<Map<number, { question: string; path: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: quizzes.id, key: quizzes.key, question: quizzes.question, lessonId: quizzes.lessonId })
    .from(quizzes)
    .where(inArray(quizzes.id, ids));
  const lessonsById = await lessonLinks(db, [...new Set(rows.map((r) => r.lessonId))]);
  return new Map(
    rows.map((r) => {
      const lesson = lessonsById.get(r.lessonId);
      return [r.id, { question: r.question, path: lesson ? `${lesson.path}#${quizAnchor(r.key)}` : null }];
    }),
  );
}

export {
  assertTutorLessonAccess,
  type TutorLesson,
  type TutorLessonContent,
  type TutorQuiz,
  quizStatesColumn,
  tutorLessonContent,
  withQuizStates,
} from "./lesson-for-tutor.ts";
/** The daily review's view of quizzes: the lesson's order, rule and texts (modules/review). */
export { createQuizOrder, type QuizOrder } from "./quiz-order.ts";
export { gradeReviewAnswer, type ReviewQuiz, reviewableQuizIds, reviewQuizzes } from "./lessons-service.ts";
/** The catalogue's categories (content/categories.yaml), shared by courses and guided projects. */
export { courseCategories } from "./schema.ts";
/** Ratings (the votes part): course votes here, stars of guided projects, votes on blog posts. */
export {
  blogScore,
  blogVoteColumns,
  castBlogVote,
  castStars,
  deleteBlogVotes,
  presentStars,
  starRatingColumns,
} from "./votes/service.ts";
export {
  type CourseImportCounts,
  dropUnusedCategories,
  importCategories,
  importCourses,
} from "./content-import.ts";
/** Classrooms: what may be assigned, and the members' progress on it (decision 044). */
export {
  type AssignableUnit,
  assignableUnit,
  assignableUnits,
  assignmentProgress,
  type UnitProgress,
} from "./assignment-progress.ts";
