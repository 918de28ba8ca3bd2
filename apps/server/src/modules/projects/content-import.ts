import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { completedProjects, projectFiles, projects, projectStepPasses, projectSteps } from "./schema.ts";
import type { ProjectModel, PruneCounts } from "../../content/model.ts";

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Upserts the guided projects by slug and their steps by key (inside the content import's transaction).
 * A step or project that left the files is deleted when no learner has progress on it, otherwise hidden.
 */
export async function importProjects(
  tx: Db,
  models: ProjectModel[],
  categoryIds: Map<string, number>,
  summary: PruneCounts & { projects: number; steps: number },
) {
  const keptProjects: number[] = [];
  for (const project of models) {
    const categoryId = categoryIds.get(project.category);
    if (categoryId === undefined) throw new Error(`${project.file}: category: unknown category "${project.category}"`);
    const values = {
      categoryId,
      premium: project.premium,
      title: project.title,
      summary: project.summary,
      cover: project.cover.url,
      brief: project.brief,
      level: project.level,
      xp: project.xp,
      starter: project.starter,
      hidden: false,
    };
    const [row] = await tx
      .insert(projects)
      .values({ slug: project.slug, ...values })
      .onConflictDoUpdate({ target: projects.slug, set: values })
      .returning({ id: projects.id });
    keptProjects.push(row!.id);
    summary.projects++;
    const steps = await tx
      .insert(projectSteps)
      .values(
        project.steps.map((s) => ({
          projectId: row!.id,
          key: s.key,
          stepOrder: s.order,
          title: s.title,
          body: s.body,
          checks: s.checks,
          hidden: false,
        })),
      )
      .onConflictDoUpdate({
        target: [projectSteps.projectId, projectSteps.key],
        set: {
          stepOrder: excluded("step_order"),
          title: excluded("title"),
          body: excluded("body"),
          checks: excluded("checks"),
          hidden: false,
        },
      })
      .returning({ id: projectSteps.id });
    summary.steps += steps.length;
    await pruneSteps(
      tx,
      row!.id,
      steps.map((s) => s.id),
      summary,
    );
  }
  await pruneProjects(tx, keptProjects, summary);
}

async function pruneSteps(tx: Db, projectId: number, kept: number[], summary: PruneCounts) {
  const stale = and(eq(projectSteps.projectId, projectId), kept.length ? notInArray(projectSteps.id, kept) : undefined);
  const passed = sql`exists (select 1 from ${projectStepPasses} where ${projectStepPasses.stepId} = ${projectSteps.id})`;
  summary.hidden += (
    await tx
      .update(projectSteps)
      .set({ hidden: true })
      .where(and(stale, passed, eq(projectSteps.hidden, false)))
      .returning({ id: projectSteps.id })
  ).length;
  summary.removed += (
    await tx
      .delete(projectSteps)
      .where(and(stale, sql`not ${passed}`))
      .returning({ id: projectSteps.id })
  ).length;
}

async function pruneProjects(tx: Db, kept: number[], summary: PruneCounts) {
  const gone = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(kept.length ? notInArray(projects.id, kept) : undefined);
  if (gone.length === 0) return;
  const ids = gone.map((g) => g.id);
  for (const id of ids) await pruneSteps(tx, id, [], summary);
  const inUse = sql`(
    exists (select 1 from ${projectSteps} where ${projectSteps.projectId} = ${projects.id})
    or exists (select 1 from ${completedProjects} where ${completedProjects.projectId} = ${projects.id})
    or exists (select 1 from ${projectFiles} where ${projectFiles.projectId} = ${projects.id})
  )`;
  summary.hidden += (
    await tx
      .update(projects)
      .set({ hidden: true })
      .where(and(inArray(projects.id, ids), inUse, eq(projects.hidden, false)))
      .returning({ id: projects.id })
  ).length;
  summary.removed += (
    await tx
      .delete(projects)
      .where(and(inArray(projects.id, ids), sql`not ${inUse}`))
      .returning({ id: projects.id })
  ).length;
}
