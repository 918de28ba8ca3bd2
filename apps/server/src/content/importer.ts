import { and, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  chapterBadges,
  chapters,
  courseCategories,
  courses,
  lessons,
  quizzes,
  reflections,
} from "../modules/learning/schema.ts";
import type { ContentModel, CourseModel, LessonModel } from "./model.ts";
import { projects } from "../modules/projects/schema.ts";
import { importProjects } from "./import-projects.ts";
import { contentImported } from "../lib/content-imported.ts";
import { recordStamp } from "./import-stamp.ts";
import { pruneCourse, pruneLessonParts } from "./prune.ts";
import type { DbAccess, RunInTransaction } from "../transaction.ts";

export type ImportSummary = {
  categories: number;
  courses: number;
  chapters: number;
  lessons: number;
  quizzes: number;
  reflections: number;
  projects: number;
  steps: number;
  /** Rows no longer in the files but kept (hidden) because learners have progress on them. */
  hidden: number;
  /** Rows no longer in the files and without progress, deleted. */
  removed: number;
};

// Serialises imports from several server instances starting at once.
const IMPORT_LOCK = 7_314_001;

/**
 * Upserts the content model by slugs and keys in one transaction: the same files give the same
 * database, ids stay stable, and progress survives. Content that left the files is deleted when no
 * learner has progress on it, otherwise kept hidden (not listed, not openable, progress preserved).
 */
export async function importContent(
  { db, transaction }: DbAccess,
  model: ContentModel,
  stamp: string | null = null,
): Promise<ImportSummary> {
  const summary = await importInTransaction(transaction, model, stamp);
  contentImported(db);
  return summary;
}

function importInTransaction(
  transaction: RunInTransaction,
  model: ContentModel,
  stamp: string | null,
): Promise<ImportSummary> {
  return transaction(async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const summary: ImportSummary = {
      categories: 0,
      courses: 0,
      chapters: 0,
      lessons: 0,
      quizzes: 0,
      reflections: 0,
      projects: 0,
      steps: 0,
      hidden: 0,
      removed: 0,
    };
    const categoryIds = new Map<string, number>();
    for (const c of model.categories) {
      const values = { name: c.name, description: c.description, position: c.position };
      const [row] = await tx
        .insert(courseCategories)
        .values({ slug: c.slug, ...values })
        .onConflictDoUpdate({ target: courseCategories.slug, set: values })
        .returning({ id: courseCategories.id });
      categoryIds.set(c.slug, row.id);
      summary.categories++;
    }
    const keptCourses: number[] = [];
    for (const course of model.courses) {
      const categoryId = categoryIds.get(course.category);
      if (categoryId === undefined) throw new Error(`${course.file}: category: unknown category "${course.category}"`);
      keptCourses.push(await importCourse(tx, course, categoryId, summary));
    }
    const gone = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(keptCourses.length ? notInArray(courses.id, keptCourses) : undefined);
    for (const { id } of gone) await pruneCourse(tx, id, [], summary);
    await importProjects(tx, model.projects, categoryIds, summary);
    await tx.delete(courseCategories).where(
      and(
        model.categories.length
          ? notInArray(
              courseCategories.slug,
              model.categories.map((c) => c.slug),
            )
          : undefined,
        sql`not exists (select 1 from ${courses} where ${courses.categoryId} = ${courseCategories.id})`,
        sql`not exists (select 1 from ${projects} where ${projects.categoryId} = ${courseCategories.id})`,
      ),
    );
    await tx
      .delete(chapterBadges)
      .where(sql`not exists (select 1 from ${chapters} where ${chapters.badgeId} = ${chapterBadges.id})`);
    await recordStamp(tx, stamp);
    return summary;
  });
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

async function importCourse(tx: Db, course: CourseModel, categoryId: number, summary: ImportSummary) {
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
  summary: ImportSummary,
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
