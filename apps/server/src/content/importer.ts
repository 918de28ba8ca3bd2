import { sql } from "drizzle-orm";
import { contentImported } from "../lib/content-imported.ts";
import {
  type CourseImportCounts,
  dropUnusedCategories,
  importCategories,
  importCourses,
} from "../modules/learning/service.ts";
import { importProjects, projectUsesCategory } from "../modules/projects/service.ts";
import type { DbAccess, RunInTransaction } from "../transaction.ts";
import { recordStamp } from "./import-stamp.ts";
import type { ContentModel } from "./model.ts";

/** What an import did: the courses' counts (and what left the files, hidden or removed), the projects'. */
export type ImportSummary = CourseImportCounts & { projects: number; steps: number };

// Serialises imports from several server instances starting at once.
const IMPORT_LOCK = 7_314_001;

/**
 * Imports the content model in one transaction through the modules that own it (learning: categories and
 * courses; projects: the guided projects), by slugs and keys: the same files give the same database, ids stay
 * stable, and progress survives. Content that left the files is deleted when no learner has progress on it,
 * otherwise kept hidden (not listed, not openable, progress preserved).
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
    const categoryIds = await importCategories(tx, model.categories, summary);
    await importCourses(tx, model.courses, categoryIds, summary);
    await importProjects(tx, model.projects, categoryIds, summary);
    await dropUnusedCategories(
      tx,
      model.categories.map((c) => c.slug),
      projectUsesCategory,
    );
    await recordStamp(tx, stamp);
    return summary;
  });
}
