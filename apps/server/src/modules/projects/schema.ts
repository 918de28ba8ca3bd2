import { sql } from "drizzle-orm";
import {
  boolean,
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
import type { CourseLevel } from "@neonlab/shared/schemas/learning";
import type { ProjectFile } from "@neonlab/shared/schemas/projects";
import { createdAt, userRef } from "../identity/accounts/columns.ts";
import { courseCategories } from "../learning/service.ts";

// ---------------------------------------------------------------- content (written by the importer)

/** A check as stored: the rule the server judges (html, css) or the script the preview runs. */
export type StoredCheck = {
  id: string;
  label: string;
  rule:
    | { type: "html"; html: Record<string, unknown> }
    | { type: "css"; css: Record<string, unknown> }
    | { type: "script"; script: string };
};

export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    // The same categories as courses (content/categories.yaml).
    categoryId: integer("category_id")
      .notNull()
      .references(() => courseCategories.id),
    premium: boolean("premium").notNull().default(false),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    // The card's art (an /api/project-assets/… URL); null until an import with covers ran.
    cover: text("cover"),
    brief: text("brief").notNull(),
    level: text("level").$type<CourseLevel>().notNull(),
    xp: integer("xp").notNull().default(50),
    starter: jsonb("starter").$type<ProjectFile[]>().notNull(),
    // Removed from the files but kept because learners have progress in it.
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("projects_category_idx").on(t.categoryId)],
);

export const projectSteps = pgTable(
  "project_steps",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    stepOrder: integer("step_order").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    checks: jsonb("checks").$type<StoredCheck[]>().notNull(),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [unique("project_steps_project_key_uq").on(t.projectId, t.key)],
);

// ---------------------------------------------------------------- per user

/** The learner's files of a project (one row per user and project, replaced on every save). */
export const projectFiles = pgTable(
  "project_files",
  {
    userId: userRef(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    files: jsonb("files").$type<ProjectFile[]>().notNull(),
    /** sha-256 of the files (check attempts are bound to it). */
    hash: text("hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** A step passed by a learner: recorded by the server only (docs/decisions/029). */
export const projectStepPasses = pgTable(
  "project_step_passes",
  {
    userId: userRef(),
    stepId: integer("step_id")
      .notNull()
      .references(() => projectSteps.id, { onDelete: "cascade" }),
    /** The files the pass was judged on. */
    filesHash: text("files_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId] })],
);

export const completedProjects = pgTable(
  "completed_projects",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    xpAwarded: integer("xp_awarded").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("completed_projects_user_project_uq").on(t.userId, t.projectId),
    index("completed_projects_user_idx").on(t.userId, sql`${t.createdAt} desc`),
  ],
);
