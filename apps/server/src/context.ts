import type { FastifyBaseLogger } from "fastify";
import type { Mailer } from "./adapters/mail/mailer.ts";
import type { LazyAuth } from "./auth/lazy-auth.ts";
import type { SessionResolver } from "./auth/session-resolver.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { EventBus } from "./events/event-bus.ts";
import type { ExportSection } from "./export-section.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import type { RateLimits } from "./lib/rate-limits.ts";
import type { Realtime } from "./realtime/realtime.ts";
import type { RunInTransaction } from "./transaction.ts";

/** What every module's routes get: configuration and the app's services. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  /** A transaction whose events (`publish`) and jobs (`enqueue`) take effect with its commit. */
  transaction: RunInTransaction;
  events: EventBus;
  jobs: JobQueue;
  mailer: Mailer;
  auth: LazyAuth;
  sessions: SessionResolver;
  realtime: Realtime;
  /** The app's rate limiter (shared counters with REDIS_URL). */
  limits: RateLimits;
  /** Every module's section of the personal data export, as the manifests list them (app/modules.ts order). */
  exportSections: readonly ExportSection[];
  /** The app's logger, for work outside a request: jobs, timers, event handlers. */
  log: FastifyBaseLogger;
};
