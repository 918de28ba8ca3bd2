import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
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
import type { ActivityKind, CourseLevel, QuizType } from "@neonlab/shared/schemas/learning";
import { users } from "../accounts/schema.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

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

export type QuizOption = { text: string; correct: boolean; explanation: string };

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

// ---------------------------------------------------------------- progress (per user)

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

// The streak row doubles as the per-user lock for completions (SELECT … FOR UPDATE).
export const streaks = pgTable("streaks", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  count: integer("count").notNull().default(0),
  lastUpdated: date("last_updated", { mode: "string" }),
  freezeOn: boolean("freeze_on").notNull().default(false),
  frozenAt: date("frozen_at", { mode: "string" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const streakEvents = pgTable(
  "streak_events",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    reason: text("reason").notNull(),
    amount: integer("amount").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("streak_events_user_idx").on(t.userId, t.createdAt, t.id)],
);

// Owned streak freezes not on the streak. The shop adds to it.
export const streakFreezeInventory = pgTable(
  "streak_freeze_inventory",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    count: integer("count").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("streak_freeze_inventory_count_check", sql`${t.count} >= 0`)],
);

// NeonBits: every change is a ledger row; the balance row is its running sum and can not go negative.
export const neonbitsLedger = pgTable(
  "neonbits_ledger",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("neonbits_ledger_once_uq").on(t.userId, t.reason, t.reference),
    index("neonbits_ledger_user_idx").on(t.userId, t.createdAt, t.id),
  ],
);

export const neonbitsBalances = pgTable(
  "neonbits_balances",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
  },
  (t) => [check("neonbits_balances_non_negative", sql`${t.balance} >= 0`)],
);

export const xpEvents = pgTable(
  "xp_events",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("xp_events_once_uq").on(t.userId, t.reason, t.reference),
    // History, newest first: (user, created_at, id) read backwards, no sort.
    index("xp_events_user_idx").on(t.userId, t.createdAt, t.id),
  ],
);

// ---------------------------------------------------------------- rank aggregates
// Kept by triggers (drizzle/0004_rank-aggregates.sql), so every writer of profiles.xp and xp_events
// keeps them right: the weekly board is an index read, and an own position is a short sum over
// XP values above the user's, not a count over every user ahead.

/** XP earned per user per week (Monday 00:00 UTC), summed from xp_events. */
export const xpWeekly = pgTable(
  "xp_weekly",
  {
    userId: userRef(),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    xp: integer("xp").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weekStart] }),
    index("xp_weekly_board_idx").on(t.weekStart, t.xp, t.userId),
  ],
);

/** How many users have exactly this all-time XP (profiles.xp > 0). */
export const xpTotalsHistogram = pgTable("xp_totals_histogram", {
  xp: integer("xp").primaryKey(),
  users: integer("users").notNull().default(0),
});

/** How many users earned exactly this XP in the week (xp_weekly.xp > 0). */
export const xpWeeklyHistogram = pgTable(
  "xp_weekly_histogram",
  {
    weekStart: date("week_start", { mode: "string" }).notNull(),
    xp: integer("xp").notNull(),
    users: integer("users").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.xp] })],
);

export const userActivities = pgTable(
  "user_activities",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    kind: text("kind").$type<ActivityKind>().notNull(),
    title: text("title").notNull(),
    link: text("link"),
    createdAt: createdAt(),
  },
  (t) => [index("user_activities_user_idx").on(t.userId, t.createdAt, t.id)],
);
