import { and, notInArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CategoryModel, CourseModel, LessonModel, PruneCounts } from "../../content/model.ts";
import type { Db } from "../../db/client.ts";
import { pruneCourse, pruneLessonParts } from "./content-prune.ts";
import { chapterBadges, chapters, courseCategories, courses, lessons, quizzes, reflections } from "./schema.ts";

// The course content of an import (src/content/importer.ts runs it in one transaction with the projects'):
// upserts by slugs and keys, so the same files give the same database, ids stay stable and progress survives.

/** What the course import counts. */
export type CourseImportCounts = PruneCounts & {
  categories: number;
  courses: number;
  chapters: number;
  lessons: number;
  quizzes: number;
  reflections: number;
};

/** Upserts the categories by slug; their ids by slug. */
export async function importCategories(tx: Db, models: CategoryModel[], summary: CourseImportCounts) {
  const categoryIds = new Map<string, number>();
  for (const c of models) {
    const values = { name: c.name, description: c.description, position: c.position };
    const [row] = await tx
      .insert(courseCategories)
      .values({ slug: c.slug, ...values })
      .onConflictDoUpdate({ target: courseCategories.slug, set: values })
      .returning({ id: courseCategories.id });
    categoryIds.set(c.slug, row.id);
    summary.categories++;
  }
  return categoryIds;
}

/** Upserts the courses with their chapters, badges, lessons, quizzes and reflections; prunes what left the files. */
export async function importCourses(
  tx: Db,
  models: CourseModel[],
  categoryIds: Map<string, number>,
  summary: CourseImportCounts,
) {
  const keptCourses: number[] = [];
  for (const course of models) {
    const categoryId = categoryIds.get(course.category);
    if (categoryId === undefined) throw new Error(`${course.file}: category: unknown category "${course.category}"`);
    keptCourses.push(await importCourse(tx, course, categoryId, summary));
  }
  const gone = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(keptCourses.length ? notInArray(courses.id, keptCourses) : undefined);
  for (const { id } of gone) await pruneCourse(tx, id, [], summary);
}

/**
 * Deletes the categories that left the files and that no course uses, nor anything `usedElsewhere` says (the
 * projects), and the badges no chapter has any more.
 */
export async function dropUnusedCategories(
  tx: Db,
  keptSlugs: string[],
  usedElsewhere: (categoryId: AnyPgColumn) => SQL,
) {
  await tx
    .delete(courseCategories)
    .where(
      and(
        keptSlugs.length ? notInArray(courseCategories.slug, keptSlugs) : undefined,
        sql`not exists (select 1 from ${courses} where ${courses.categoryId} = ${courseCategories.id})`,
        sql`not ${usedElsewhere(courseCategories.id)}`,
      ),
    );
  await tx
    .delete(chapterBadges)
    .where(sql`not exists (select 1 from ${chapters} where ${chapters.badgeId} = ${chapterBadges.id})`);
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

async function importCourse(tx: Db, course: CourseModel, categoryId: number, summary: CourseImportCounts) {
  const values = {
    categoryId,
    premium: course.premium,
    title: course.title,
    pitch: course.pitch,
    cover: course.cover.url,
    level: course.level,
    hidden: false,
  };
  const [row] = await tx
    .insert(courses)
    .values({ slug: course.slug, ...values })
    .onConflictDoUpdate({ target: courses.slug, set: values })
    .returning({ id: courses.id });
  summary.courses++;
  const kept = {
    lessons: [] as number[],
    chapters: [] as number[],
    quizzes: [] as number[],
    reflections: [] as number[],
  };
  for (const chapter of course.chapters) {
    const badge = { image: chapter.badge.image.url, name: chapter.badge.name };
    const [badgeRow] = await tx
      .insert(chapterBadges)
      .values({ key: `${course.slug}/${chapter.slug}`, ...badge })
      .onConflictDoUpdate({ target: chapterBadges.key, set: badge })
      .returning({ id: chapterBadges.id });
    const chapterValues = {
      chapterOrder: chapter.order,
      badgeId: badgeRow.id,
      title: chapter.title,
      intro: chapter.intro,
      glossary: chapter.glossary,
      hidden: false,
    };
    const [chapterRow] = await tx
      .insert(chapters)
      .values({ courseId: row.id, slug: chapter.slug, ...chapterValues })
      .onConflictDoUpdate({ target: [chapters.courseId, chapters.slug], set: chapterValues })
      .returning({ id: chapters.id });
    kept.chapters.push(chapterRow.id);
    summary.chapters++;
    await importLessons(tx, row.id, chapterRow.id, chapter.lessons, kept, summary);
  }
  await pruneLessonParts(tx, kept, summary);
  await pruneCourse(tx, row.id, kept.lessons, summary, kept.chapters);
  return row.id;
}

/** One statement each for a chapter's lessons, their quizzes and their reflections. */
async function importLessons(
  tx: Db,
  courseId: number,
  chapterId: number,
  models: LessonModel[],
  kept: { lessons: number[]; quizzes: number[]; reflections: number[] },
  summary: CourseImportCounts,
) {
  if (models.length === 0) return;
  const lessonRows = await tx
    .insert(lessons)
    .values(
      models.map((l) => ({
        courseId,
        chapterId,
        slug: l.slug,
        lessonOrder: l.order,
        title: l.title,
        goal: l.goal,
        xp: l.xp,
        body: l.body,
        wordCount: l.wordCount,
        hidden: false,
      })),
    )
    .onConflictDoUpdate({
      target: [lessons.courseId, lessons.slug],
      set: {
        chapterId: excluded("chapter_id"),
        lessonOrder: excluded("lesson_order"),
        title: excluded("title"),
        goal: excluded("goal"),
        xp: excluded("xp"),
        body: excluded("body"),
        wordCount: excluded("word_count"),
        hidden: false,
      },
    })
    .returning({ id: lessons.id, slug: lessons.slug });
  const idOf = new Map(lessonRows.map((r) => [r.slug, r.id]));
  kept.lessons.push(...lessonRows.map((r) => r.id));
  summary.lessons += lessonRows.length;

  const quizValues = models.flatMap((l) =>
    l.quizzes.map((q, position) => ({
      lessonId: idOf.get(l.slug)!,
      key: q.key,
      position,
      type: q.type,
      question: q.question,
      hint: q.hint,
      options: q.options,
      hidden: false,
    })),
  );
  if (quizValues.length > 0) {
    const rows = await tx
      .insert(quizzes)
      .values(quizValues)
      .onConflictDoUpdate({
        target: [quizzes.lessonId, quizzes.key],
        set: {
          position: excluded("position"),
          type: excluded("type"),
          question: excluded("question"),
          hint: excluded("hint"),
          options: excluded("options"),
          hidden: false,
        },
      })
      .returning({ id: quizzes.id });
    kept.quizzes.push(...rows.map((r) => r.id));
    summary.quizzes += rows.length;
  }
  const reflectionValues = models.flatMap((l) =>
    l.reflections.map((r, position) => ({
      lessonId: idOf.get(l.slug)!,
      key: r.key,
      position,
      prompt: r.prompt,
      hidden: false,
    })),
  );
  if (reflectionValues.length > 0) {
    const rows = await tx
      .insert(reflections)
      .values(reflectionValues)
      .onConflictDoUpdate({
        target: [reflections.lessonId, reflections.key],
        set: { position: excluded("position"), prompt: excluded("prompt"), hidden: false },
      })
      .returning({ id: reflections.id });
    kept.reflections.push(...rows.map((r) => r.id));
    summary.reflections += rows.length;
  }
}
