import type { FastifyInstance } from "fastify";
import type { AccountHooks } from "../auth/account-hooks.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { ExportSection } from "../export-section.ts";
import type { AppEvents, EventName } from "../events/app-events.ts";
import type { JobName, JobPayloads } from "../jobs/job-types.ts";
import type { ModuleOptions } from "../lib/plugin-scope.ts";

/** A module's HTTP routes: one encapsulated Fastify plugin (its hooks, parsers and body limits stay in it). */
export type ModuleRoutes = (scope: FastifyInstance, options: ModuleOptions) => Promise<void>;

/**
 * What a module does when `event` is published, in one of the event bus's phases (events/event-bus.ts):
 * inside the publishing transaction (a throw rolls it back), as one SQL call that commits with the change,
 * or after the commit (failures logged).
 */
export type EventSubscription<E extends EventName> =
  | { event: E; phase: "inTransaction"; handler: (payload: AppEvents[E], tx: Db, ctx: AppContext) => Promise<void> }
  | {
      event: E;
      phase: "inStatement";
      handler: {
        fn: string;
        input: (payload: AppEvents[E]) => unknown;
        afterCommit: (payload: AppEvents[E], result: unknown, ctx: AppContext) => void;
      };
    }
  | { event: E; phase: "afterCommit"; handler: (payload: AppEvents[E], ctx: AppContext) => void | Promise<void> };

export type Subscription = { [E in EventName]: EventSubscription<E> }[EventName];

type JobWorkerOf<J extends JobName> = { name: J; handler: (data: JobPayloads[J], ctx: AppContext) => Promise<unknown> };

/** The worker of a job kind (jobs/job-types.ts): a throw fails the attempt, retried by the kind's policy. */
export type JobWorker = { [J in JobName]: JobWorkerOf<J> }[JobName];

/** Work repeated every `everyMs` on each instance while the app runs; stopped, and waited for, when it closes. */
export type Timer = { name: string; everyMs: number; run: (ctx: AppContext) => Promise<unknown> };

/**
 * What a module does after every API request of a signed-in user answered with success (2xx, 3xx; the session
 * hook, session-guards.ts): a refused request changes nothing. It is not awaited: it must neither throw nor hold
 * anything up (work it starts logs its own failures).
 */
export type SignedInHook = { name: string; run: (userId: string, ctx: AppContext) => void };

/**
 * A site a module serves beside the app: a server of its own, on another port reached by another host name (the
 * hack preview site, decision 028). server.ts builds it with the app, listens on `port` once the app listens, and
 * closes it with the app.
 */
export type Site = {
  name: string;
  port: (config: Config) => number;
  build: (ctx: AppContext) => Promise<FastifyInstance>;
};

/**
 * Everything a module plugs into the app, in one place: its routes and sites, what it does on events, on a new or
 * confirmed account and on a signed-in request, the jobs it works and the timers it runs. app/modules.ts lists every module's manifest; app.ts registers them in order.
 */
export type ModuleManifest = {
  /** The module's folder under modules/ (or what the app itself wires); every part of a module bears its name. */
  name: string;
  /** Its route plugins by name: each name is the OpenAPI tag of its routes that name none. */
  routes?: Record<string, ModuleRoutes>;
  /** When the module is part of the app at all (by default always). */
  onlyWhen?: (config: Config) => boolean;
  subscriptions?: Subscription[];
  jobs?: JobWorker[];
  timers?: Timer[];
  /** What it does when an account is created or confirmed (called by Better Auth's hooks, auth/auth.ts). */
  accountHooks?: AccountHooks;
  /** What it does after each successful API request of a signed-in user (the session hook, session-guards.ts). */
  signedInHooks?: SignedInHook[];
  /** The sites it serves beside the app, each on a listener of its own (server.ts). */
  sites?: Site[];
  /** Its sections of a user's personal data export (docs/data-export.md), in the file's order. */
  exportSections?: readonly ExportSection[];
};

/**
 * A module made of parts (the sub-folders of a module that took in others), by part: each part is registered at
 * its own place in app/modules.ts, so routes (and the OpenAPI document's order) and event handlers keep their order.
 */
export type ModuleParts = Readonly<Record<string, ModuleManifest>>;
