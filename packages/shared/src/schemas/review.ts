import { z } from "zod";
import { entityId as id, isoDateTime } from "./common.ts";
import { QUIZ_TYPES, quizAnswerSchema, quizOptionSchema, quizResultSchema } from "./learning.ts";

// The daily review of missed quizzes: every quiz a learner answered wrong in a lesson comes back as a card,
// scheduled by FSRS on the learner's own local days (docs/decisions/045).

/** XP for the first review answer of a local day (once per user and day). */
export const REVIEW_DAY_XP = 5;
/** How many of the due cards one GET /api/review sends (the rest wait for the next call). */
export const REVIEW_BATCH = 5;

/** Where the quiz lives: its lesson's page and the quiz's anchor on it. */
export const reviewLessonLinkSchema = z.object({
  course_slug: z.string(),
  lesson_slug: z.string(),
  title: z.string(),
  /** The quiz's element id on the lesson page (without "#"). */
  anchor: z.string(),
  /** The lesson page with the anchor, e.g. /courses/web/html-basics#quiz-tags */
  path: z.string(),
});
export type ReviewLessonLink = z.infer<typeof reviewLessonLinkSchema>;

/** A due card: its quiz without answers, options in this learner's order (as the lesson shows them). */
export const reviewCardSchema = z.object({
  id,
  due: isoDateTime,
  quiz: z.object({
    id,
    key: z.string(),
    type: z.enum(QUIZ_TYPES),
    /** Markdown. */
    question: z.string(),
    options: z.array(quizOptionSchema),
  }),
  lesson: reviewLessonLinkSchema,
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/** GET /api/review */
export const reviewDueSchema = z.object({
  /** Cards due now (their quiz still in a lesson the learner may open). */
  due_count: z.number().int().nonnegative(),
  /** The next due cards, oldest due first (at most REVIEW_BATCH). */
  cards: z.array(reviewCardSchema),
});
export type ReviewDue = z.infer<typeof reviewDueSchema>;

/**
 * POST /api/review/:cardId/answer — the picked option ids, as for a lesson's quiz. `answeredAt`: when the
 * learner answered, for an answer given offline and sent later; its day is the review's day (streak and
 * the day's XP) when it lies within the last OFFLINE_MOMENT_MAX_AGE_HOURS, else the day it arrives.
 */
export const reviewAnswerSchema = z.object({
  answer: quizAnswerSchema.shape.responses,
  answeredAt: z.iso.datetime({ offset: true, error: "answeredAt must be an ISO date and time" }).optional(),
});
export type ReviewAnswerInput = z.input<typeof reviewAnswerSchema>;

/** A graded review answer: the lesson quiz's verdict and texts, the card's next due time and the day's XP. */
export const reviewResultSchema = quizResultSchema
  .pick({ correct: true, message: true, wrong_count: true, hint: true, explanation: true, explanations: true })
  .extend({
    card_id: id,
    /** When the card is due again. */
    next_due: isoDateTime,
    /** XP given by this answer: REVIEW_DAY_XP for the day's first review, else 0. */
    xp_awarded: z.number().int().nonnegative(),
    lesson: reviewLessonLinkSchema,
  });
export type ReviewResult = z.infer<typeof reviewResultSchema>;
