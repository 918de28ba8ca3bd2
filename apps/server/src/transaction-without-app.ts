import type { FastifyBaseLogger } from "fastify";
import type { Database } from "./db/client.ts";
import { createEventBus } from "./events/event-bus.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { createTransactionRunner, type DbAccess } from "./transaction.ts";

type Log = Pick<FastifyBaseLogger, "warn" | "error">;
const consoleLog: Log = {
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
};

/**
 * The database and a runner like ctx.transaction for a process without the app (the CLIs, the bench, tests of a
 * bare database): no event has handlers here, and a job it adds waits in the database's queue for a server's
 * worker (the queue exists once a server has started on this database).
 */
export function dbAccessWithoutApp(database: Database, log: Log = consoleLog): DbAccess {
  const jobs = createJobQueue({ database, log });
  return { db: database.db, transaction: createTransactionRunner(database.db, createEventBus(log), jobs) };
}
