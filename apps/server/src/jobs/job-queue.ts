import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { fromDrizzle, PgBoss } from "pg-boss";
import type { Database, Db } from "../db/client.ts";
import { JOB_NAMES, JOBS, type JobName, type JobPayloads, type RetryPolicy } from "./job-types.ts";

export type JobQueueOptions = {
  database: Database;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** Seconds between a worker's polls (retries that came due, jobs other instances added); pg-boss's minimum is 0.5. */
  pollingIntervalSeconds?: number;
  /** Replaces every job's retry policy (tests shorten the back-off). */
  retry?: RetryPolicy;
};

/** When a job may start: `startAfter` holds it until then (a giveaway's draw at the round's end). */
export type EnqueueOptions = { startAfter?: Date };

export type JobHandler<J extends JobName> = (data: JobPayloads[J]) => Promise<void>;

/** Jobs a worker takes at once; they run side by side, each settled on its own. */
const BATCH_SIZE = 10;

/**
 * The job outbox on pg-boss (docs/decisions/008), in the app's own database: PGlite or PostgreSQL.
 * A job added inside a transaction exists only if that transaction commits; this instance's worker is
 * woken after the commit, so a job normally runs at once; retries and other instances' jobs are polled.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { database, log } = options;
  const boss = new PgBoss({
    db: { executeSql: database.executeSql },
    backend: database.kind === "pglite" ? "pglite" : "postgres",
    schedule: false,
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => log.warn({ warning }, "job queue warning"));
  const workers = new Map<JobName, string>();
  const sendOptions = (name: JobName) => ({
    ...(options.retry ?? JOBS[name].retry),
    expireInSeconds: JOBS[name].expireInSeconds,
  });

  return {
    /** Installs or migrates pg-boss's schema (`pgboss`) and creates a queue per job kind. */
    async start() {
      await boss.start();
      for (const name of JOB_NAMES) await boss.createQueue(name);
    },

    /** Adds a job now (committed at once) and wakes this instance's worker. */
    async send<J extends JobName>(name: J, data: JobPayloads[J]) {
      await boss.send(name, data, sendOptions(name));
      this.wake(name);
    },

    /** Adds a job inside `tx`: it exists only if `tx` commits. Call wake() after the commit (ctx.transaction does). */
    async sendInTransaction<J extends JobName>(tx: Db, name: J, data: JobPayloads[J], options: EnqueueOptions = {}) {
      // Db's execute() is typed for both drivers (unknown); each returns `{ rows }` as the adapter reads it.
      const db = fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
      await boss.send(name, data, { ...sendOptions(name), ...options, db });
    },

    /** Lets this instance's worker fetch now instead of at its next poll. */
    wake(name: JobName) {
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },

    /** Runs `handler` for every job of this kind; a throw fails that attempt, retried by the job's policy. */
    async work<J extends JobName>(name: J, handler: JobHandler<J>) {
      if (workers.has(name)) throw new Error(`${name} already has a worker`);
      const worker = await boss.work<JobPayloads[J]>(
        name,
        {
          batchSize: BATCH_SIZE,
          burstWhenBatchFull: true,
          perJobResults: true,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        },
        async (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job.data);
                return { id: job.id, status: "completed" as const };
              } catch (error) {
                const message = error instanceof Error ? error.message : String(error);
                log.warn({ err: error, job: name, id: job.id, retries: job.retryCount }, "job attempt failed");
                return { id: job.id, status: "failed" as const, output: { message } };
              }
            }),
          ),
      );
      workers.set(name, worker);
    },

    /** Stops fetching, lets running jobs finish (up to 10 s) and stops maintenance; before the database closes. */
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      workers.clear();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
