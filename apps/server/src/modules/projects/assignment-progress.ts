import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { projects } from "./schema.ts";

/** A guided project someone may assign. */
export type AssignableProject = { id: number; title: string; path: string; premium: boolean };

/** Visible guided projects by id. */
export async function assignableProjects(db: Db, ids: number[]): Promise<Map<number, AssignableProject>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: projects.id, title: projects.title, slug: projects.slug, premium: projects.premium })
    .from(projects)
    .where(and(inArray(projects.id, ids), eq(projects.hidden, false)));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, title: r.title, path: `/projects/${r.slug}`, premium: r.premium }]),
  );
}

/** A learner's standing on one guided project: visible steps passed of all, the last pass, completion. */
export type ProjectProgress = {
  projectId: number;
  userId: string;
  done: number;
  total: number;
  lastActivityAt: Date | null;
  finishedAt: Date | null;
};

const at = (value: unknown): Date | null => (value == null ? null : new Date(value as string));

/** Progress of these learners on these projects, in one statement (nothing else of theirs: decision 044). */
export async function projectProgress(
  db: Db,
  userIds: readonly string[],
  projectIds: readonly number[],
): Promise<ProjectProgress[]> {
  if (userIds.length === 0 || projectIds.length === 0) return [];
  const result = await db.execute(sql`
    with wanted as (select jsonb_array_elements_text(${JSON.stringify(projectIds)}::jsonb)::int as project_id),
    learners as (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as user_id),
    steps as (
      select s.project_id, s.id as step_id from project_steps s join wanted w on w.project_id = s.project_id
        where not s.hidden
    ),
    totals as (select project_id, count(*)::int as total from steps group by 1),
    passed as (
      select s.project_id, p.user_id, count(*)::int as done, max(p.created_at) as last_at
        from steps s join project_step_passes p on p.step_id = s.step_id join learners m on m.user_id = p.user_id
        group by 1, 2
    )
    select w.project_id, m.user_id, coalesce(t.total, 0) as total, coalesce(p.done, 0) as done,
           greatest(p.last_at, c.created_at) as last_at, c.created_at as finished_at
      from wanted w cross join learners m
      left join totals t on t.project_id = w.project_id
      left join passed p on p.project_id = w.project_id and p.user_id = m.user_id
      left join completed_projects c on c.project_id = w.project_id and c.user_id = m.user_id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    projectId: Number(r.project_id),
    userId: String(r.user_id),
    done: Number(r.done),
    total: Number(r.total),
    lastActivityAt: at(r.last_at),
    finishedAt: at(r.finished_at),
  }));
}
