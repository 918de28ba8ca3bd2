import { desc, eq } from "drizzle-orm";
import type { CompletedChapter, CompletedCourse, CompletedLesson } from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import { presentBadge } from "./presenters.ts";
import {
  chapterBadges,
  chapters,
  completedChapters,
  completedCourses,
  completedLessons,
  courses,
  lessons,
} from "./schema.ts";

// The caller's completion rows (users/completed-*), with the content details the progress pages show.

export async function listCompletedLessons(db: Db, userId: string): Promise<CompletedLesson[]> {
  const rows = await db
    .select({ done: completedLessons, chapterId: lessons.chapterId, courseId: lessons.courseId })
    .from(completedLessons)
    .innerJoin(lessons, eq(lessons.id, completedLessons.lessonId))
    .where(eq(completedLessons.userId, userId))
    .orderBy(desc(completedLessons.createdAt), desc(completedLessons.id));
  return rows.map(({ done, chapterId, courseId }) => ({
    user_id: done.userId,
    lesson_id: done.lessonId,
    chapter_id: chapterId,
    course_id: courseId,
    status: done.status,
    xp_awarded: done.xpAwarded,
    created_at: done.createdAt.toISOString(),
  }));
}

export async function listCompletedChapters(db: Db, userId: string): Promise<CompletedChapter[]> {
  const rows = await db
    .select({ done: completedChapters, courseId: chapters.courseId, badge: chapterBadges })
    .from(completedChapters)
    .innerJoin(chapters, eq(chapters.id, completedChapters.chapterId))
    .innerJoin(chapterBadges, eq(chapterBadges.id, chapters.badgeId))
    .where(eq(completedChapters.userId, userId))
    .orderBy(desc(completedChapters.createdAt), desc(completedChapters.id));
  return rows.map(({ done, courseId, badge }) => ({
    user_id: done.userId,
    chapter_id: done.chapterId,
    course_id: courseId,
    badge: presentBadge(badge),
    created_at: done.createdAt.toISOString(),
  }));
}

export async function listCompletedCourses(db: Db, userId: string): Promise<CompletedCourse[]> {
  const rows = await db
    .select({ done: completedCourses, slug: courses.slug, title: courses.title })
    .from(completedCourses)
    .innerJoin(courses, eq(courses.id, completedCourses.courseId))
    .where(eq(completedCourses.userId, userId))
    .orderBy(desc(completedCourses.createdAt), desc(completedCourses.id));
  return rows.map(({ done, slug, title }) => ({
    user_id: done.userId,
    course_id: done.courseId,
    course_slug: slug,
    course_title: title,
    created_at: done.createdAt.toISOString(),
  }));
}
