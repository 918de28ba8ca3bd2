import type { FailedJob } from "@neonlab/shared/schemas/admin";
import type { ExecuteSql } from "../db/client.ts";
import { JOBS, type JobName } from "./job-types.ts";

type FailedRow = {
  id: string;
  name: string;
  data: unknown;
  output: { message?: unknown } | null;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Jobs whose last attempt failed, newest first, from pg-boss's job table (kept there for the queue's
 * `deleteAfterSeconds`, 7 days). Empty when pg-boss was never started on this database.
 */
export async function listFailedJobs(executeSql: ExecuteSql, limit: number): Promise<FailedJob[]> {
  const [installed] = (await executeSql("select to_regclass('pgboss.job') is not null as installed")).rows;
  if (!installed?.installed) return [];
  const { rows } = await executeSql(
    `select id, name, data, output, retry_count, created_on, completed_on from pgboss.job
     where state = 'failed' order by completed_on desc nulls last, id limit $1`,
    [limit],
  );
  return (rows as FailedRow[]).map((row) => {
    const job = JOBS[row.name as JobName] as { describe(data: unknown): string } | undefined;
    return {
      id: row.id,
      queue: row.name,
      summary: job ? job.describe(row.data) : row.name,
      error: typeof row.output?.message === "string" ? row.output.message : "unknown error",
      attempts: row.retry_count + 1,
      created_at: iso(row.created_on),
      failed_at: row.completed_on ? iso(row.completed_on) : null,
    };
  });
}
