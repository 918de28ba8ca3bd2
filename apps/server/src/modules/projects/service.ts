// The projects module's public surface: what other code may call (the content import, classrooms).
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { projects } from "./schema.ts";

export { importProjects } from "./content-import.ts";

/** Whether a guided project is filed under the category `categoryId` (for the import's clean-up of categories). */
export const projectUsesCategory = (categoryId: AnyPgColumn): SQL =>
  sql`exists (select 1 from ${projects} where ${projects.categoryId} = ${categoryId})`;
/** Classrooms: which projects may be assigned, and the members' progress on them (decision 044). */
export {
  type AssignableProject,
  assignableProjects,
  type ProjectProgress,
  projectProgress,
} from "./assignment-progress.ts";
