import { and, asc, eq, sql } from "drizzle-orm";
import type { Project, ProjectDetail, ProjectList } from "@neonlab/shared/schemas/projects";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { userHasAccess } from "../identity/service.ts";
import { courseCategories, presentStars, starRatingColumns } from "../learning/service.ts";
import { completedProjects, projectFiles, projects, projectStepPasses, projectSteps } from "./schema.ts";

// The guided projects' catalogue (GET /api/projects) and one project (GET /api/projects/:slug).

export const PREMIUM_PROJECT_MESSAGE =
  "This step is part of a premium project. Upgrade to Pro on the pricing page to unlock it; the brief and first step are a free preview.";

// Select-list SQL is rendered with unqualified columns by Drizzle, so these subqueries name tables explicitly.
const stepCount = sql<number>`(select count(*)::int from project_steps ps where ps.project_id = projects.id and not ps.hidden)`;

function projectColumns(userId: string | null) {
  const passed = userId
    ? sql<number>`(select count(*)::int from project_step_passes pp join project_steps ps on ps.id = pp.step_id
        where pp.user_id = ${userId} and ps.project_id = projects.id and not ps.hidden)`
    : sql<number>`0`;
  const finished = userId
    ? sql<boolean>`exists (select 1 from completed_projects cp where cp.user_id = ${userId} and cp.project_id = projects.id)`
    : sql<boolean>`false`;
  return {
    project: projects,
    category: courseCategories,
    stepCount: stepCount.mapWith(Number),
    passed: passed.mapWith(Number),
    finished: finished.mapWith(Boolean),
    rating: starRatingColumns("project", sql`projects.id`, userId),
  };
}

type ProjectRow = {
  project: typeof projects.$inferSelect;
  category: typeof courseCategories.$inferSelect;
  stepCount: number;
  passed: number;
  finished: boolean;
  rating: { votes: number | null; total: number | null; mine: number | null };
};

const presentCategory = (c: typeof courseCategories.$inferSelect) => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  description: c.description,
});

function presentProject(row: ProjectRow, signedIn: boolean): Project {
  const p = row.project;
  return {
    id: p.id,
    slug: p.slug,
    category: presentCategory(row.category),
    premium: p.premium,
    title: p.title,
    summary: p.summary,
    cover: p.cover,
    level: p.level,
    xp: p.xp,
    step_count: row.stepCount,
    created_at: p.createdAt.toISOString(),
    progress: signedIn ? { passed_steps: row.passed, total_steps: row.stepCount, completed: row.finished } : null,
    rating: presentStars(row.rating),
  };
}

/** Visible projects (optionally of one category), free ones first then by title, with the caller's progress. */
export async function listProjects(db: Db, userId: string | null, categorySlug?: string): Promise<ProjectList> {
  const rows = await db
    .select(projectColumns(userId))
    .from(projects)
    .innerJoin(courseCategories, eq(courseCategories.id, projects.categoryId))
    .where(eq(projects.hidden, false))
    .orderBy(asc(courseCategories.position), asc(projects.premium), asc(projects.title));
  const categories = new Map(rows.map((r) => [r.category.id, presentCategory(r.category)]));
  if (categorySlug && ![...categories.values()].some((c) => c.slug === categorySlug)) {
    throw notFound("No projects in that category.");
  }
  return {
    items: rows
      .filter((r) => !categorySlug || r.category.slug === categorySlug)
      .map((r) => presentProject(r, !!userId)),
    categories: [...categories.values()],
  };
}

/** A visible project by id or slug (404 otherwise), with its catalogue columns. */
export async function findProject(db: Db, userId: string | null, key: number | string) {
  const [row] = await db
    .select(projectColumns(userId))
    .from(projects)
    .innerJoin(courseCategories, eq(courseCategories.id, projects.categoryId))
    .where(and(typeof key === "number" ? eq(projects.id, key) : eq(projects.slug, key), eq(projects.hidden, false)));
  if (!row) throw notFound("Project not found.");
  return row;
}

/** The project's visible steps in order. */
export function visibleSteps(db: Db, projectId: number) {
  return db
    .select()
    .from(projectSteps)
    .where(and(eq(projectSteps.projectId, projectId), eq(projectSteps.hidden, false)))
    .orderBy(asc(projectSteps.stepOrder));
}

/** Whether the caller may work on every step: a free project, or has_access. */
export async function mayWorkOnAll(db: Db, userId: string | null, premium: boolean) {
  return !premium || (await userHasAccess(db, userId));
}

/** One project: its brief, steps (past the free preview only with access), starter files and the caller's files. */
export async function getProject(db: Db, userId: string | null, key: number | string): Promise<ProjectDetail> {
  const row = await findProject(db, userId, key);
  const projectId = row.project.id;
  const [steps, access, saved, passes] = await Promise.all([
    visibleSteps(db, projectId),
    mayWorkOnAll(db, userId, row.project.premium),
    userId
      ? db
          .select({ files: projectFiles.files })
          .from(projectFiles)
          .where(and(eq(projectFiles.userId, userId), eq(projectFiles.projectId, projectId)))
      : Promise.resolve([]),
    userId
      ? db
          .select({ stepId: projectStepPasses.stepId })
          .from(projectStepPasses)
          .innerJoin(projectSteps, eq(projectSteps.id, projectStepPasses.stepId))
          .where(and(eq(projectStepPasses.userId, userId), eq(projectSteps.projectId, projectId)))
      : Promise.resolve([]),
  ]);
  const passed = new Set(passes.map((p) => p.stepId));
  return {
    ...presentProject(row, !!userId),
    brief: row.project.brief,
    has_access: access,
    starter: row.project.starter,
    files: saved[0]?.files ?? null,
    steps: steps.map((s, index) => {
      const locked = !access && index > 0;
      return {
        id: s.id,
        key: s.key,
        order: index + 1,
        title: s.title,
        body: locked ? null : s.body,
        checks: locked
          ? []
          : s.checks.map((c) => ({
              id: c.id,
              label: c.label,
              kind: c.rule.type === "script" ? ("script" as const) : ("static" as const),
              script: c.rule.type === "script" ? c.rule.script : null,
            })),
        locked,
        passed: passed.has(s.id),
      };
    }),
  };
}

/** The caller's completed projects, newest first (GET /api/users/completed-projects). */
export async function listCompletedProjects(db: Db, userId: string) {
  const rows = await db
    .select({
      id: completedProjects.id,
      projectId: completedProjects.projectId,
      createdAt: completedProjects.createdAt,
    })
    .from(completedProjects)
    .where(eq(completedProjects.userId, userId))
    .orderBy(sql`${completedProjects.createdAt} desc`);
  return rows.map((r) => ({
    id: r.id,
    user_id: userId,
    project_id: r.projectId,
    created_at: r.createdAt.toISOString(),
  }));
}
