import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import {
  chapterBadges,
  chapters,
  completedChapters,
  completedCourses,
  completedLessons,
  courses,
  lessons,
  quizAttempts,
  reflectionAnswers,
  reflections,
  quizzes,
} from "./schema.ts";

const lessonRef = { courseSlug: z.string(), lessonSlug: z.string(), lessonTitle: z.string() };

/** Completed lessons, chapters (with their badges) and courses; every quiz answer and reflection written. */
export const learningExportSection = exportSection({
  key: "learning",
  title: "Learning progress, badges, quiz answers and reflections",
  schema: z.object({
    completedLessons: z.array(z.object({ ...lessonRef, xpAwarded: z.number().int(), completedAt: timestamp })),
    completedChapters: z.array(z.object({ courseSlug: z.string(), chapterTitle: z.string(), completedAt: timestamp })),
    completedCourses: z.array(z.object({ courseSlug: z.string(), courseTitle: z.string(), completedAt: timestamp })),
    badges: z.array(z.object({ name: z.string(), image: z.string(), earnedAt: timestamp })),
    quizAnswers: z.array(
      z.object({
        ...lessonRef,
        question: z.string(),
        responses: z.array(z.string()),
        correct: z.boolean(),
        at: timestamp,
      }),
    ),
    reflections: z.array(
      z.object({ ...lessonRef, prompt: z.string(), response: z.string(), createdAt: timestamp, updatedAt: timestamp }),
    ),
  }),
  async collect(db, userId) {
    const lessonCols = { courseSlug: courses.slug, lessonSlug: lessons.slug, lessonTitle: lessons.title };
    const done = await db
      .select({ ...lessonCols, xpAwarded: completedLessons.xpAwarded, at: completedLessons.createdAt })
      .from(completedLessons)
      .innerJoin(lessons, eq(lessons.id, completedLessons.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(completedLessons.userId, userId))
      .orderBy(asc(completedLessons.createdAt), asc(completedLessons.id));
    const chaptersDone = await db
      .select({
        courseSlug: courses.slug,
        chapterTitle: chapters.title,
        badge: chapterBadges.name,
        image: chapterBadges.image,
        at: completedChapters.createdAt,
      })
      .from(completedChapters)
      .innerJoin(chapters, eq(chapters.id, completedChapters.chapterId))
      .innerJoin(courses, eq(courses.id, chapters.courseId))
      .leftJoin(chapterBadges, eq(chapterBadges.id, chapters.badgeId))
      .where(eq(completedChapters.userId, userId))
      .orderBy(asc(completedChapters.createdAt), asc(completedChapters.id));
    const coursesDone = await db
      .select({ courseSlug: courses.slug, courseTitle: courses.title, at: completedCourses.createdAt })
      .from(completedCourses)
      .innerJoin(courses, eq(courses.id, completedCourses.courseId))
      .where(eq(completedCourses.userId, userId))
      .orderBy(asc(completedCourses.createdAt), asc(completedCourses.id));
    const attempts = await db
      .select({
        ...lessonCols,
        question: quizzes.question,
        responses: quizAttempts.responses,
        correct: quizAttempts.correct,
        at: quizAttempts.createdAt,
      })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(quizAttempts.userId, userId))
      .orderBy(asc(quizAttempts.createdAt), asc(quizAttempts.id));
    const written = await db
      .select({
        ...lessonCols,
        prompt: reflections.prompt,
        response: reflectionAnswers.response,
        createdAt: reflectionAnswers.createdAt,
        updatedAt: reflectionAnswers.updatedAt,
      })
      .from(reflectionAnswers)
      .innerJoin(reflections, eq(reflections.id, reflectionAnswers.reflectionId))
      .innerJoin(lessons, eq(lessons.id, reflections.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(reflectionAnswers.userId, userId))
      .orderBy(asc(reflectionAnswers.createdAt));
    return {
      completedLessons: done.map(({ at, ...l }) => ({ ...l, completedAt: iso(at) })),
      completedChapters: chaptersDone.map((c) => ({
        courseSlug: c.courseSlug,
        chapterTitle: c.chapterTitle,
        completedAt: iso(c.at),
      })),
      completedCourses: coursesDone.map(({ at, ...c }) => ({ ...c, completedAt: iso(at) })),
      badges: chaptersDone.flatMap((c) =>
        c.badge && c.image ? [{ name: c.badge, image: c.image, earnedAt: iso(c.at) }] : [],
      ),
      quizAnswers: attempts.map(({ at, ...a }) => ({ ...a, at: iso(at) })),
      reflections: written.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    };
  },
});
