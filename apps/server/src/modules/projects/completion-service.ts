import { and, eq, sql } from "drizzle-orm";
import type { ProjectCompleteResult } from "@neonlab/shared/schemas/projects";
import { currentCount } from "@neonlab/shared/streak";
import type { Db } from "../../db/client.ts";
import { conflict, forbidden } from "../../errors.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { grantXp, lockStreak, recordActivity, recordCompletionDay } from "../progress/service.ts";
import { castStars } from "../learning/service.ts";
import { findProject, mayWorkOnAll, PREMIUM_PROJECT_MESSAGE } from "./catalog-service.ts";
import { completedProjects, projectStepPasses, projectSteps } from "./schema.ts";

/** The project's visible steps whose pass the server has not recorded for the user, in order. */
async function stepsLeft(db: Db, userId: string, projectId: number) {
  return db
    .select({ title: projectSteps.title })
    .from(projectSteps)
    .where(
      and(
        eq(projectSteps.projectId, projectId),
        eq(projectSteps.hidden, false),
        sql`not exists (select 1 from ${projectStepPasses} where ${projectStepPasses.stepId} = ${projectSteps.id}
          and ${projectStepPasses.userId} = ${userId})`,
      ),
    )
    .orderBy(projectSteps.stepOrder);
}

/**
 * Completes a project once every step's pass is recorded: XP once (ledger reference project:<id>), a
 * streak day and an activity, in one transaction with the user's streak row locked (so a user's
 * completions run one after another; the unique completion row and ledger key make the grant happen once).
 */
export async function completeProject(
  db: Db,
  transaction: RunInTransaction,
  userId: string,
  projectId: number,
  now = new Date(),
): Promise<ProjectCompleteResult> {
  const { project } = await findProject(db, userId, projectId);
  if (!(await mayWorkOnAll(db, userId, project.premium))) throw forbidden(PREMIUM_PROJECT_MESSAGE);
  const left = await stepsLeft(db, userId, projectId);
  if (left.length > 0) {
    const names = left.map((s) => `"${s.title}"`).join(", ");
    throw conflict(`You can't complete this project yet: pass the checks of ${names} first.`);
  }
  return transaction(async ({ db: tx }) => {
    const locked = await lockStreak(tx, userId, now, { completing: true });
    const inserted = await tx
      .insert(completedProjects)
      .values({ userId, projectId, xpAwarded: project.xp })
      .onConflictDoNothing()
      .returning({ id: completedProjects.id });
    if (inserted.length === 0) {
      return {
        projectId,
        xpAwarded: 0,
        alreadyCompleted: true,
        streak: { count: currentCount(locked.view), extended: false, status: locked.view.status },
      };
    }
    const xpAwarded = await grantXp(tx, {
      userId,
      amount: project.xp,
      reason: "project_completed",
      reference: `project:${projectId}`,
      description: `Completed project: ${project.title}`,
    });
    await recordActivity(tx, {
      userId,
      kind: "project_completed",
      title: `Completed the project ${project.title}`,
      link: `/projects/${project.slug}`,
    });
    const streak = await recordCompletionDay(tx, userId, locked);
    return { projectId, xpAwarded, alreadyCompleted: false, streak };
  });
}

/** Stars on a project from a learner who has passed at least one of its steps; changeable, one per learner. */
export async function rateProject(db: Db, userId: string, projectId: number, stars: number) {
  await findProject(db, userId, projectId);
  const [started] = await db
    .select({ one: sql`1` })
    .from(projectStepPasses)
    .innerJoin(projectSteps, eq(projectSteps.id, projectStepPasses.stepId))
    .where(and(eq(projectStepPasses.userId, userId), eq(projectSteps.projectId, projectId)))
    .limit(1);
  if (!started) throw forbidden("Pass a step of this project before rating it.");
  return castStars(db, { userId, kind: "project", itemId: projectId, stars });
}
