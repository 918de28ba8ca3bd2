import { z } from "zod";
import { REFLECTION_MIN_LENGTH } from "../constants.ts";
import { entityId as id, isoDateTime, noControlCharacters } from "./common.ts";
import { STREAK_STATUSES } from "./progress.ts";
import { starRatingSchema } from "./votes.ts";

// Request and response shapes of the learning API (courses, lessons, quizzes, reflections, completion
// and the completed lists). Entity fields mirror the spec's table columns (snake_case); the
// lesson-complete result uses the camelCase names the completion dialogs read. Every image path is
// absolute and loadable as is.

export const COURSE_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const QUIZ_TYPES = ["single", "multiple"] as const;
export type QuizType = (typeof QUIZ_TYPES)[number];

// ---------------------------------------------------------------- catalog

export const courseCategorySchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
});
export type CourseCategory = z.infer<typeof courseCategorySchema>;

/** The signed-in user's progress in a course; null for anonymous callers. */
export const courseProgressSchema = z.object({
  completed_lessons: z.number().int(),
  total_lessons: z.number().int(),
  completed: z.boolean(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

export const courseSchema = z.object({
  id,
  slug: z.string(),
  category_id: id,
  premium: z.boolean(),
  title: z.string(),
  pitch: z.string(),
  /** Absolute path of the cover image, e.g. /api/content-assets/web-foundations/cover.svg?v=1a2b3c4d */
  cover: z.string(),
  level: z.enum(COURSE_LEVELS),
  created_at: isoDateTime,
  chapter_count: z.number().int(),
  lesson_count: z.number().int(),
  progress: courseProgressSchema.nullable(),
  /** Learners' stars (1–5): average, count and the caller's own. */
  rating: starRatingSchema,
});
export type Course = z.infer<typeof courseSchema>;

export const chapterBadgeSchema = z.object({ id, name: z.string(), image: z.string() });
export type ChapterBadge = z.infer<typeof chapterBadgeSchema>;

export const glossaryEntrySchema = z.object({ term: z.string(), definition: z.string() });

export const chapterSchema = z.object({
  id,
  course_id: id,
  chapter_order: z.number().int(),
  badge_id: id,
  slug: z.string(),
  title: z.string(),
  /** Markdown. */
  intro: z.string(),
  glossary: z.array(glossaryEntrySchema),
  badge: chapterBadgeSchema,
});
export type Chapter = z.infer<typeof chapterSchema>;

export const lessonSummarySchema = z.object({
  id,
  chapter_id: id,
  lesson_order: z.number().int(),
  slug: z.string(),
  title: z.string(),
  goal: z.string(),
  xp: z.number().int(),
  word_count: z.number().int(),
  /** True when the caller has completed it (always false for anonymous callers). */
  completed: z.boolean(),
  /** True when it is premium content the caller can not open (the paywall applies). */
  locked: z.boolean(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

export const courseChapterSchema = chapterSchema.extend({
  /** True for the free preview chapter of a premium course (its first chapter). */
  preview: z.boolean(),
  completed: z.boolean(),
  lessons: z.array(lessonSummarySchema),
});
export type CourseChapter = z.infer<typeof courseChapterSchema>;

/** GET courses/:slug */
export const courseDetailSchema = courseSchema.extend({
  category: courseCategorySchema,
  /** Whether the caller may open every lesson (always true for public courses). */
  has_access: z.boolean(),
  chapters: z.array(courseChapterSchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const coursesQuerySchema = z.object({
  categoryId: z.coerce
    .number({ error: "categoryId must be a number" })
    .int("categoryId must be a whole number")
    .positive("categoryId must be positive")
    // Ids are 32-bit integers in the database; a larger number must be refused, not sent to PostgreSQL.
    .max(2_147_483_647, "categoryId is too large")
    .optional(),
});
export const publicCoursesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(10),
});

// ---------------------------------------------------------------- lessons

export const quizOptionSchema = z.object({ id: z.string(), text: z.string() });

/** One option after answering: whether it is correct, why, and whether the user picked it. */
export const quizOptionResultSchema = z.object({
  option_id: z.string(),
  text: z.string(),
  correct: z.boolean(),
  selected: z.boolean(),
  explanation: z.string(),
});
export type QuizOptionResult = z.infer<typeof quizOptionResultSchema>;

export const lessonQuizSchema = z.object({
  id,
  key: z.string(),
  type: z.enum(QUIZ_TYPES),
  /** Markdown. */
  question: z.string(),
  /**
   * In the order shown to this learner (shuffled per learner and quiz, never the content file's order).
   * Ids are opaque and stable; correctness is never sent before the quiz is passed.
   */
  options: z.array(quizOptionSchema),
  passed: z.boolean(),
  /** Every option with its explanation, only once the caller has passed the quiz. */
  review: z.array(quizOptionResultSchema).nullable(),
});
export type LessonQuiz = z.infer<typeof lessonQuizSchema>;

export const lessonReflectionSchema = z.object({
  id,
  key: z.string(),
  prompt: z.string(),
  /** The caller's saved answer, or null. */
  user_response: z.string().nullable(),
});
export type LessonReflection = z.infer<typeof lessonReflectionSchema>;

export const lessonLinkSchema = z.object({ slug: z.string(), title: z.string() });

/** GET courses/:slug/lessons/:lessonSlug */
export const lessonDetailSchema = z.object({
  id,
  course_id: id,
  chapter_id: id,
  lesson_order: z.number().int(),
  slug: z.string(),
  title: z.string(),
  goal: z.string(),
  xp: z.number().int(),
  word_count: z.number().int(),
  /** Markdown; links to other lessons are /courses/… paths, images /api/content-assets/… paths. */
  body: z.string(),
  course: z.object({ id, slug: z.string(), title: z.string(), premium: z.boolean() }),
  chapter: z.object({
    id,
    slug: z.string(),
    title: z.string(),
    chapter_order: z.number().int(),
    badge: chapterBadgeSchema,
  }),
  quizzes: z.array(lessonQuizSchema),
  reflections: z.array(lessonReflectionSchema),
  previous: lessonLinkSchema.nullable(),
  next: lessonLinkSchema.nullable(),
  completed: z.boolean(),
  passed_quiz_ids: z.array(id),
  answered_reflection_ids: z.array(id),
});
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

/** POST lessons/:id/quizes/:quizId/complete — the picked option ids (never positions). */
export const quizAnswerSchema = z.object({
  responses: z
    .array(z.string({ error: "responses must be a list of option ids" }).trim().min(1).max(40), {
      error: "responses must be a list of option ids",
    })
    .min(1, "Pick at least one option")
    .max(6, "At most 6 options can be picked"),
});
export type QuizAnswerInput = z.input<typeof quizAnswerSchema>;

/**
 * A graded answer. Wrong: says so (multiple choice: how many chosen options are wrong) with the quiz's
 * hint, and nothing about any single option. Right: every option with its explanation.
 */
export const quizResultSchema = z.object({
  quiz_id: id,
  correct: z.boolean(),
  /** What to tell the learner, e.g. "1 of the 3 options you chose is wrong." */
  message: z.string(),
  /** How many of the chosen options are wrong; null when the answer is right. */
  wrong_count: z.number().int().nullable(),
  /** The content's hint for this quiz, with a wrong answer only. */
  hint: z.string().nullable(),
  /** The explanations of the correct options, joined; empty when wrong. */
  explanation: z.string(),
  /** Every option in the learner's order when right; empty when wrong. */
  explanations: z.array(quizOptionResultSchema),
  /** Whether the caller has passed this quiz (now or earlier). */
  passed: z.boolean(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** POST lessons/:id/reflections/:reflectionId/complete */
export const reflectionAnswerSchema = z.object({
  userResponse: z
    .string({ error: "userResponse must be text" })
    .trim()
    .check(noControlCharacters("Your answer", { multiline: true }))
    .min(REFLECTION_MIN_LENGTH, `Your answer must be at least ${REFLECTION_MIN_LENGTH} characters`)
    .max(5000, "Your answer must be at most 5000 characters"),
});
export type ReflectionAnswerInput = z.infer<typeof reflectionAnswerSchema>;

export const reflectionResultSchema = z.object({
  reflection_id: id,
  user_response: z.string(),
  answered_at: isoDateTime,
});
export type ReflectionResult = z.infer<typeof reflectionResultSchema>;

// ---------------------------------------------------------------- completion

/**
 * POST lessons/:id/complete — optional. `completedAt`: when the learner completed the lesson, for a
 * completion made offline and sent later; the streak counts it on that day when it lies within the last
 * OFFLINE_MOMENT_MAX_AGE_HOURS (docs/product-rules-notes.md), else on the day it arrives.
 */
export const lessonCompleteSchema = z.object({
  completedAt: z.iso.datetime({ offset: true, error: "completedAt must be an ISO date and time" }).optional(),
});
export type LessonCompleteInput = z.infer<typeof lessonCompleteSchema>;

/**
 * How far back the moment of a write made offline (a completion's `completedAt`, a review answer's
 * `answeredAt`) may count for the streak's day.
 */
export const OFFLINE_MOMENT_MAX_AGE_HOURS = 48;

/** POST lessons/:id/complete — what happened, in the order the dialogs open. */
export const lessonCompleteResultSchema = z.object({
  lessonId: id,
  /** 0 when the lesson was already completed. */
  xpAwarded: z.number().int(),
  alreadyCompleted: z.boolean(),
  streak: z.object({
    count: z.number().int(),
    /** True on the day's first completion: the client opens the streak dialog. */
    extended: z.boolean(),
    status: z.enum(STREAK_STATUSES),
  }),
  chapterCompleted: chapterBadgeSchema.nullable(),
  courseCompleted: z.boolean(),
  neonbitsAwarded: z.number().int(),
});
export type LessonCompleteResult = z.infer<typeof lessonCompleteResultSchema>;

// ---------------------------------------------------------------- completed lists (users/completed-*)

export const completedLessonSchema = z.object({
  user_id: z.string(),
  lesson_id: id,
  chapter_id: id,
  course_id: id,
  status: z.literal("completed"),
  xp_awarded: z.number().int(),
  created_at: isoDateTime,
});
export type CompletedLesson = z.infer<typeof completedLessonSchema>;

export const completedChapterSchema = z.object({
  user_id: z.string(),
  chapter_id: id,
  course_id: id,
  badge: chapterBadgeSchema,
  created_at: isoDateTime,
});
export type CompletedChapter = z.infer<typeof completedChapterSchema>;

export const completedCourseSchema = z.object({
  user_id: z.string(),
  course_id: id,
  course_slug: z.string(),
  course_title: z.string(),
  created_at: isoDateTime,
});
export type CompletedCourse = z.infer<typeof completedCourseSchema>;
