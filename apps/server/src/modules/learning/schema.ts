import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { CourseLevel, QuizType } from "@neonlab/shared/schemas/learning";
import { createdAt, userRef } from "../identity/accounts/columns.ts";

// ---------------------------------------------------------------- content (written by the importer)

export const courseCategories = pgTable("course_categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
});

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => courseCategories.id),
    premium: boolean("premium").notNull().default(false),
    title: text("title").notNull(),
    pitch: text("pitch").notNull(),
    cover: text("cover").notNull(),
    level: text("level").$type<CourseLevel>().notNull(),
    // Removed from the files but kept because learners have progress in it.
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("courses_category_idx").on(t.categoryId), index("courses_created_at_idx").on(t.createdAt)],
);

export const chapterBadges = pgTable("chapter_badges", {
  id: serial("id").primaryKey(),
  // "<course slug>/<chapter slug>": lets a re-import update the badge in place.
  key: text("key").notNull().unique(),
  image: text("image").notNull(),
  name: text("name").notNull(),
});

export type GlossaryEntry = { term: string; definition: string };

export const chapters = pgTable(
  "chapters",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    chapterOrder: integer("chapter_order").notNull(),
    badgeId: integer("badge_id")
      .notNull()
      .references(() => chapterBadges.id),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    intro: text("intro").notNull().default(""),
    glossary: jsonb("glossary").$type<GlossaryEntry[]>().notNull().default(sql`'[]'::jsonb`),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [unique("chapters_course_slug_uq").on(t.courseId, t.slug), index("chapters_course_idx").on(t.courseId)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    chapterId: integer("chapter_id")
      .notNull()
      .references(() => chapters.id, { onDelete: "cascade" }),
    lessonOrder: integer("lesson_order").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    goal: text("goal").notNull(),
    xp: integer("xp").notNull().default(10),
    body: text("body").notNull(),
    wordCount: integer("word_count").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique("lessons_course_slug_uq").on(t.courseId, t.slug), index("lessons_chapter_idx").on(t.chapterId)],
);

/** `id`: the option's stable id (modules/learning/option-ids.ts), written by the importer. */
export type QuizOption = { id?: string; text: string; correct: boolean; explanation: string };

export const quizzes = pgTable(
  "quizzes",
  {
    id: serial("id").primaryKey(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    position: integer("position").notNull().default(0),
    type: text("type").$type<QuizType>().notNull(),
    question: text("question").notNull(),
    // Shown with a wrong answer; never names an option as right or wrong.
    hint: text("hint"),
    // Correct flags and explanations: never sent to a client before it has answered.
    options: jsonb("options").$type<QuizOption[]>().notNull(),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [unique("quizzes_lesson_key_uq").on(t.lessonId, t.key)],
);

export const reflections = pgTable(
  "reflections",
  {
    id: serial("id").primaryKey(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    position: integer("position").notNull().default(0),
    prompt: text("prompt").notNull(),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [unique("reflections_lesson_key_uq").on(t.lessonId, t.key)],
);

// ---------------------------------------------------------------- answers and completions (per user)

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    responses: jsonb("responses").$type<string[]>().notNull(),
    correct: boolean("correct").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("quiz_attempts_user_quiz_idx").on(t.userId, t.quizId)],
);

export const quizPasses = pgTable(
  "quiz_passes",
  {
    userId: userRef(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    responses: jsonb("responses").$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.quizId] })],
);

export const reflectionAnswers = pgTable(
  "reflection_answers",
  {
    userId: userRef(),
    reflectionId: integer("reflection_id")
      .notNull()
      .references(() => reflections.id, { onDelete: "cascade" }),
    response: text("response").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reflectionId] })],
);

export const completedLessons = pgTable(
  "completed_lessons",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    status: text("status").$type<"completed">().notNull().default("completed"),
    xpAwarded: integer("xp_awarded").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("completed_lessons_user_lesson_uq").on(t.userId, t.lessonId)],
);

export const completedChapters = pgTable(
  "completed_chapters",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    chapterId: integer("chapter_id")
      .notNull()
      .references(() => chapters.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [unique("completed_chapters_user_chapter_uq").on(t.userId, t.chapterId)],
);

export const completedCourses = pgTable(
  "completed_courses",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [unique("completed_courses_user_course_uq").on(t.userId, t.courseId)],
);
