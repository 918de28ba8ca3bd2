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

/**
 * What a completion needs of its lesson, chapter, course and badge: ids, words for its ledger and activity
 * rows, what premium access is decided by, and the badge it shows. LessonContext has all of it; the
 * completion's own start read (completion-start.ts) selects only these columns (`completionContextColumns`),
 * not the lesson's body or the chapter's glossary.
 */
export type CompletionContext = {
  lesson: Pick<LessonContext["lesson"], "id" | "xp" | "slug" | "title">;
  chapter: Pick<LessonContext["chapter"], "id" | "title" | "chapterOrder">;
  course: Pick<LessonContext["course"], "id" | "slug" | "title" | "premium">;
  badge: Pick<LessonContext["badge"], "id" | "name" | "image">;
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

/** The columns of CompletionContext, selected beside `lessons` joined as `contextQuery` joins it. */
export const completionContextColumns = {
  lesson: { id: lessons.id, xp: lessons.xp, slug: lessons.slug, title: lessons.title },
  chapter: { id: chapters.id, title: chapters.title, chapterOrder: chapters.chapterOrder },
  course: { id: courses.id, slug: courses.slug, title: courses.title, premium: courses.premium },
  badge: { id: chapterBadges.id, name: chapterBadges.name, image: chapterBadges.image },
  firstChapterOrder,
};

type ContextRow<C extends CompletionContext> = Omit<C, "firstChapterOrder"> & { firstChapterOrder: number | null };

/** The row as a context (404 when there is none: the lesson is unknown or hidden). */
export function toContext<C extends CompletionContext>(row: ContextRow<C> | undefined): C {
  if (!row) throw notFound("Lesson not found.");
  return { ...row, firstChapterOrder: row.firstChapterOrder ?? row.chapter.chapterOrder } as C;
}

// By id on every completion, quiz answer and reflection: built and prepared once per database handle.
const byIdQuery = preparedPerDb((db) =>
  contextQuery(db, and(eq(lessons.id, sql.placeholder("id")))).prepare("lesson_context_by_id"),
);

/** A visible lesson with its chapter and course; 404 when unknown or removed. */
export const lessonById = async (db: Db, lessonId: number) =>
  toContext<LessonContext>((await byIdQuery(db).execute({ id: lessonId }))[0]);

export const lessonBySlugs = async (db: Db, courseSlug: string, lessonSlug: string) =>
  toContext<LessonContext>(
    (await contextQuery(db, and(eq(courses.slug, courseSlug), eq(lessons.slug, lessonSlug))))[0],
  );

/** 403 with the paywall message when the lesson is premium and the user may not read it. */
export const assertAccess = (db: Db, userId: string | null, ctx: CompletionContext) =>
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
