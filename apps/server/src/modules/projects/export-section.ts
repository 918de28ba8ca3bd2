import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../export-section.ts";
import { completedProjects, projectFiles, projects, projectStepPasses, projectSteps } from "./schema.ts";

/** The user's guided projects: their saved files, the steps they passed and the projects they completed. */
export const projectsExportSection = exportSection({
  key: "projects",
  title: "Guided projects",
  schema: z.object({
    files: z.array(
      z.object({
        project: z.string(),
        files: z.array(z.object({ name: z.string(), content: z.string() })),
        updatedAt: timestamp,
      }),
    ),
    passedSteps: z.array(z.object({ project: z.string(), step: z.string(), createdAt: timestamp })),
    completed: z.array(z.object({ project: z.string(), xpAwarded: z.number().int(), createdAt: timestamp })),
  }),
  async collect(db, userId) {
    const [files, passes, completed] = await Promise.all([
      db
        .select({ project: projects.slug, files: projectFiles.files, updatedAt: projectFiles.updatedAt })
        .from(projectFiles)
        .innerJoin(projects, eq(projects.id, projectFiles.projectId))
        .where(eq(projectFiles.userId, userId))
        .orderBy(asc(projects.slug)),
      db
        .select({ project: projects.slug, step: projectSteps.key, createdAt: projectStepPasses.createdAt })
        .from(projectStepPasses)
        .innerJoin(projectSteps, eq(projectSteps.id, projectStepPasses.stepId))
        .innerJoin(projects, eq(projects.id, projectSteps.projectId))
        .where(eq(projectStepPasses.userId, userId))
        .orderBy(asc(projectStepPasses.createdAt), asc(projectSteps.id)),
      db
        .select({
          project: projects.slug,
          xpAwarded: completedProjects.xpAwarded,
          createdAt: completedProjects.createdAt,
        })
        .from(completedProjects)
        .innerJoin(projects, eq(projects.id, completedProjects.projectId))
        .where(eq(completedProjects.userId, userId))
        .orderBy(asc(completedProjects.createdAt), asc(completedProjects.id)),
    ]);
    return {
      files: files.map((f) => ({ ...f, updatedAt: iso(f.updatedAt) })),
      passedSteps: passes.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
      completed: completed.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    };
  },
});
