import type { Db } from "./db/client.ts";
import type { AppEvents, EventName } from "./events/app-events.ts";
import type { EventBus } from "./events/event-bus.ts";
import type { JobName, JobPayloads } from "./jobs/job-types.ts";
import type { EnqueueOptions, JobQueue } from "./jobs/job-queue.ts";

/** One transaction: its database handle, and what it announces and hands to the worker when it commits. */
export type Tx = {
  db: Db;
  /** Runs the event's in-transaction and statement handlers now; its after-commit handlers run once this transaction commits. */
  publish<E extends EventName>(name: E, payload: AppEvents[E]): Promise<void>;
  /** Adds a job in this transaction: it exists, and the worker is woken, only if the transaction commits. */
  enqueue<J extends JobName>(name: J, data: JobPayloads[J], options?: EnqueueOptions): Promise<void>;
};

export type RunInTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** What a service that reads and also writes in a transaction takes: the app's context has both. */
export type DbAccess = { db: Db; transaction: RunInTransaction };

/** `ctx.transaction(work)`: a database transaction whose events and jobs take effect with its commit, or never. */
export function createTransactionRunner(db: Db, events: EventBus, jobs: JobQueue): RunInTransaction {
  return async (work) => {
    const afterCommit: (() => void)[] = [];
    const result = await db.transaction(async (handle) => {
      const tx = handle as unknown as Db;
      return work({
        db: tx,
        async publish(name, payload) {
          const results = await events.runInTransaction(name, payload, tx);
          afterCommit.push(() => events.deliver(name, payload, results));
        },
        async enqueue(name, data, options) {
          await jobs.sendInTransaction(tx, name, data, options);
          afterCommit.push(() => jobs.wake(name));
        },
      });
    });
    for (const run of afterCommit) run();
    return result;
  };
}
