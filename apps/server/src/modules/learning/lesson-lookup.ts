import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { preparedPerDb } from "../../lib/prepared.ts";
import { assertLessonAccess } from "./access.ts";
import { chapterBadges, chapters, courses, lessons } from "./schema.ts";

export type LessonContext = {
  lesson: typeof lessons.$inferSelect;
  chapter: typeof chapters.$inferSelect;
  course: typeof courses.$inferSelect;
  badge: typeof chapterBadges.$inferSelect;
  firstChapterOrder: number;
};

/** The lesson, its chapter and its course are all shown (none hidden by the content import). */
export const visible = and(eq(lessons.hidden, false), eq(chapters.hidden, false), eq(courses.hidden, false));

// The course's first visible chapter (the free preview of a premium course), read in the same statement;
// its chapters under another name, as the outer query has chapters too.
const other = sql.identifier("course_chapters");
const otherColumn = (column: { name: string }) => sql`${other}.${sql.identifier(column.name)}`;
const firstChapterOrder = sql<
  number | null
>`(select min(${otherColumn(chapters.chapterOrder)}) from ${chapters} ${other}
  where ${otherColumn(chapters.courseId)} = ${courses.id} and ${otherColumn(chapters.hidden)} = false)`;

/** What LessonContext is read from; a statement selecting these joins lessons as `contextQuery` does. */
export const contextColumns = {
  lesson: lessons,
  chapter: chapters,
  course: courses,
  badge: chapterBadges,
  firstChapterOrder,
};

const contextQuery = (db: Db, where: ReturnType<typeof and>) =>
  db
    .select(contextColumns)
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(chapterBadges, eq(chapterBadges.id, chapters.badgeId))
    .where(and(where, visible));

type ContextRow = Awaited<ReturnType<typeof contextQuery>>[number];

export function toContext(row: ContextRow | undefined): LessonContext {
  if (!row) throw notFound("Lesson not found.");
  return { ...row, firstChapterOrder: row.firstChapterOrder ?? row.chapter.chapterOrder };
}

// By id on every completion, quiz answer and reflection: built and prepared once per database handle.
const byIdQuery = preparedPerDb((db) =>
  contextQuery(db, and(eq(lessons.id, sql.placeholder("id")))).prepare("lesson_context_by_id"),
);

/** A visible lesson with its chapter and course; 404 when unknown or removed. */
export const lessonById = async (db: Db, lessonId: number) =>
  toContext((await byIdQuery(db).execute({ id: lessonId }))[0]);

export const lessonBySlugs = async (db: Db, courseSlug: string, lessonSlug: string) =>
  toContext((await contextQuery(db, and(eq(courses.slug, courseSlug), eq(lessons.slug, lessonSlug))))[0]);

/** 403 with the paywall message when the lesson is premium and the user may not read it. */
export const assertAccess = (db: Db, userId: string | null, ctx: LessonContext) =>
  assertLessonAccess(db, userId, {
    premium: ctx.course.premium,
    chapterOrder: ctx.chapter.chapterOrder,
    firstChapterOrder: ctx.firstChapterOrder,
  });

/** The lesson, checked for premium access (403 with the paywall message). */
export async function accessibleLesson(db: Db, userId: string | null, lessonId: number): Promise<LessonContext> {
  const ctx = await lessonById(db, lessonId);
  await assertAccess(db, userId, ctx);
  return ctx;
}

/** The course's visible lessons in reading order (chapter order, then lesson order). */
export async function courseReadingOrder(db: Db, courseId: number) {
  return db
    .select({ id: lessons.id, slug: lessons.slug, title: lessons.title, chapterId: lessons.chapterId })
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .where(and(eq(lessons.courseId, courseId), eq(lessons.hidden, false), eq(chapters.hidden, false)))
    .orderBy(asc(chapters.chapterOrder), asc(lessons.lessonOrder), asc(lessons.id));
}
