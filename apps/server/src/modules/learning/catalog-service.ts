import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Course, CourseCategory, CourseDetail } from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { userHasAccess } from "../identity/service.ts";
import { presentBadge, presentCategory, presentChapter } from "./presenters.ts";
import { presentStars, starRatingColumns } from "./votes/service.ts";
import {
  chapterBadges,
  chapters,
  completedChapters,
  completedLessons,
  courseCategories,
  courses,
  lessons,
} from "./schema.ts";

export async function listCategories(db: Db): Promise<CourseCategory[]> {
  const rows = await db
    .select()
    .from(courseCategories)
    .orderBy(asc(courseCategories.position), asc(courseCategories.id));
  return rows.map(presentCategory);
}

// Select-list SQL is rendered with unqualified columns by Drizzle, so these subqueries name tables explicitly.
const chapterCount = sql<number>`(select count(*)::int from chapters ch where ch.course_id = courses.id and not ch.hidden)`;
const lessonCount = sql<number>`(select count(*)::int from lessons le where le.course_id = courses.id and not le.hidden)`;

function courseColumns(userId: string | null) {
  const done = userId
    ? sql<number>`(select count(*)::int from completed_lessons cl join lessons le on le.id = cl.lesson_id
        where cl.user_id = ${userId} and le.course_id = courses.id and not le.hidden)`
    : sql<number>`0`;
  const finished = userId
    ? sql<boolean>`exists (select 1 from completed_courses cc where cc.user_id = ${userId} and cc.course_id = courses.id)`
    : sql<boolean>`false`;
  return {
    course: courses,
    chapterCount: chapterCount.mapWith(Number),
    lessonCount: lessonCount.mapWith(Number),
    done: done.mapWith(Number),
    finished: finished.mapWith(Boolean),
    rating: starRatingColumns("course", sql`courses.id`, userId),
  };
}

type CourseRow = {
  course: typeof courses.$inferSelect;
  chapterCount: number;
  lessonCount: number;
  done: number;
  finished: boolean;
  rating: { votes: number | null; total: number | null; mine: number | null };
};

function presentCourse(row: CourseRow, signedIn: boolean): Course {
  const c = row.course;
  return {
    id: c.id,
    slug: c.slug,
    category_id: c.categoryId,
    premium: c.premium,
    title: c.title,
    pitch: c.pitch,
    cover: c.cover,
    level: c.level,
    created_at: c.createdAt.toISOString(),
    chapter_count: row.chapterCount,
    lesson_count: row.lessonCount,
    progress: signedIn
      ? { completed_lessons: row.done, total_lessons: row.lessonCount, completed: row.finished }
      : null,
    rating: presentStars(row.rating),
  };
}

/** Courses (optionally of one category) ordered by id, with the caller's progress when signed in. */
export async function listCourses(db: Db, categoryId: number | undefined, userId: string | null): Promise<Course[]> {
  const rows = await db
    .select(courseColumns(userId))
    .from(courses)
    .where(and(eq(courses.hidden, false), categoryId === undefined ? undefined : eq(courses.categoryId, categoryId)))
    .orderBy(asc(courses.id));
  return rows.map((r) => presentCourse(r, userId !== null));
}

/** Public (non-premium) courses, newest first. */
export async function listPublicCourses(db: Db, limit: number, userId: string | null): Promise<Course[]> {
  const rows = await db
    .select(courseColumns(userId))
    .from(courses)
    .where(and(eq(courses.hidden, false), eq(courses.premium, false)))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(limit);
  return rows.map((r) => presentCourse(r, userId !== null));
}

/** One course by slug with its chapters in order, lesson summaries and the caller's progress. */
export async function getCourse(db: Db, slug: string, userId: string | null): Promise<CourseDetail> {
  const [row] = await db
    .select({ ...courseColumns(userId), category: courseCategories })
    .from(courses)
    .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(and(eq(courses.slug, slug), eq(courses.hidden, false)));
  if (!row) throw notFound("Course not found.");
  const chapterRows = await db
    .select({ chapter: chapters, badge: chapterBadges })
    .from(chapters)
    .innerJoin(chapterBadges, eq(chapterBadges.id, chapters.badgeId))
    .where(and(eq(chapters.courseId, row.course.id), eq(chapters.hidden, false)))
    .orderBy(asc(chapters.chapterOrder), asc(chapters.id));
  const lessonRows = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, row.course.id), eq(lessons.hidden, false)))
    .orderBy(asc(lessons.lessonOrder), asc(lessons.id));
  const doneLessons = new Set<number>();
  const doneChapters = new Set<number>();
  if (userId && lessonRows.length > 0) {
    const lessonIds = lessonRows.map((l) => l.id);
    for (const r of await db
      .select({ id: completedLessons.lessonId })
      .from(completedLessons)
      .where(and(eq(completedLessons.userId, userId), inArray(completedLessons.lessonId, lessonIds)))) {
      doneLessons.add(r.id);
    }
  }
  if (userId && chapterRows.length > 0) {
    const chapterIds = chapterRows.map((c) => c.chapter.id);
    for (const r of await db
      .select({ id: completedChapters.chapterId })
      .from(completedChapters)
      .where(and(eq(completedChapters.userId, userId), inArray(completedChapters.chapterId, chapterIds)))) {
      doneChapters.add(r.id);
    }
  }
  const hasAccess = !row.course.premium || (await userHasAccess(db, userId));
  const firstOrder = chapterRows[0]?.chapter.chapterOrder;
  return {
    ...presentCourse(row, userId !== null),
    category: presentCategory(row.category),
    has_access: hasAccess,
    chapters: chapterRows.map(({ chapter, badge }) => {
      const preview = row.course.premium && chapter.chapterOrder === firstOrder;
      return {
        ...presentChapter(chapter, badge),
        preview,
        completed: doneChapters.has(chapter.id),
        lessons: lessonRows
          .filter((l) => l.chapterId === chapter.id)
          .map((l) => ({
            id: l.id,
            chapter_id: l.chapterId,
            lesson_order: l.lessonOrder,
            slug: l.slug,
            title: l.title,
            goal: l.goal,
            xp: l.xp,
            word_count: l.wordCount,
            completed: doneLessons.has(l.id),
            locked: !hasAccess && !preview,
          })),
      };
    }),
  };
}

export async function getChapter(db: Db, id: number) {
  const [row] = await db
    .select({ chapter: chapters, badge: chapterBadges })
    .from(chapters)
    .innerJoin(chapterBadges, eq(chapterBadges.id, chapters.badgeId))
    .where(and(eq(chapters.id, id), eq(chapters.hidden, false)));
  if (!row) throw notFound("Chapter not found.");
  return presentChapter(row.chapter, row.badge);
}

export async function getBadge(db: Db, id: number) {
  const [row] = await db.select().from(chapterBadges).where(eq(chapterBadges.id, id));
  if (!row) throw notFound("Badge not found.");
  return presentBadge(row);
}
