import type { FastifyInstance } from "fastify";
import type { ModuleAccountHooks } from "../auth/account-hooks.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import type { EventName } from "../events/app-events.ts";
import type { JobName } from "../jobs/job-types.ts";
import { registerModule } from "../lib/openapi/modules.ts";
import type { EventSubscription, JobWorker, ModuleManifest, SignedInHook, Timer } from "./module-manifest.ts";

/**
 * Plugs the modules into the app in the list's order (handlers of one event run in that order): each one's
 * subscriptions, job workers, timers, then its routes, each route plugin encapsulated under its name.
 */
export async function registerModules(app: FastifyInstance, ctx: AppContext, manifests: readonly ModuleManifest[]) {
  for (const manifest of manifests) {
    if (!isPartOfTheApp(manifest, ctx.config)) continue;
    for (const subscription of manifest.subscriptions ?? [])
      subscribe(ctx, subscription as EventSubscription<EventName>);
    for (const job of manifest.jobs ?? []) await work(ctx, job);
    for (const timer of manifest.timers ?? []) startTimer(app, ctx, timer);
    for (const [name, plugin] of Object.entries(manifest.routes ?? {})) await registerModule(app, name, plugin, ctx);
  }
}

const isPartOfTheApp = (manifest: ModuleManifest, config: Config) => !manifest.onlyWhen || manifest.onlyWhen(config);

/** The modules' account hooks in the list's order (the order they run in), each named after its module. */
export function accountHooksOf(manifests: readonly ModuleManifest[], config: Config): ModuleAccountHooks[] {
  return manifests.flatMap((manifest) =>
    manifest.accountHooks && isPartOfTheApp(manifest, config)
      ? [{ module: manifest.name, ...manifest.accountHooks }]
      : [],
  );
}

/** The modules' signed-in hooks in the list's order, each named after its module. */
export function signedInHooksOf(manifests: readonly ModuleManifest[], config: Config): SignedInHook[] {
  return manifests.flatMap((manifest) =>
    isPartOfTheApp(manifest, config)
      ? (manifest.signedInHooks ?? []).map((hook) => ({ ...hook, name: `${manifest.name}: ${hook.name}` }))
      : [],
  );
}

/** One call running every signed-in hook for a user (the session hook's `onSignedIn`); a throw is logged. */
export function signedInCall(hooks: readonly SignedInHook[], ctx: AppContext) {
  return (userId: string) => {
    for (const hook of hooks) {
      try {
        hook.run(userId, ctx);
      } catch (error) {
        ctx.log.warn({ err: error }, `signed-in hook ${hook.name} failed`);
      }
    }
  };
}

export type BuiltSite = { name: string; port: number; server: FastifyInstance };

/** Builds the modules' sites (not listening yet), each closed when the app closes; the caller listens on their ports. */
export async function buildSites(
  app: FastifyInstance,
  ctx: AppContext,
  manifests: readonly ModuleManifest[],
): Promise<BuiltSite[]> {
  const built: BuiltSite[] = [];
  for (const manifest of manifests) {
    if (!isPartOfTheApp(manifest, ctx.config)) continue;
    for (const site of manifest.sites ?? []) {
      const server = await site.build(ctx);
      app.addHook("onClose", () => server.close());
      built.push({ name: site.name, port: site.port(ctx.config), server });
    }
  }
  return built;
}

function subscribe<E extends EventName>(ctx: AppContext, subscription: EventSubscription<E>) {
  const { event } = subscription;
  switch (subscription.phase) {
    case "inTransaction": {
      const { handler } = subscription;
      return ctx.events.onInTransaction(event, (payload, tx) => handler(payload, tx, ctx));
    }
    case "inStatement": {
      const { fn, input, afterCommit } = subscription.handler;
      return ctx.events.onInStatement(event, {
        fn,
        input,
        afterCommit: (payload, result) => afterCommit(payload, result, ctx),
      });
    }
    case "afterCommit": {
      const { handler } = subscription;
      return ctx.events.onAfterCommit(event, (payload) => handler(payload, ctx));
    }
  }
}

function work(ctx: AppContext, job: JobWorker) {
  const { name, handler } = job as { name: JobName; handler: (data: unknown, ctx: AppContext) => Promise<unknown> };
  return ctx.jobs.work(name, async (data) => {
    await handler(data, ctx);
  });
}

function startTimer(app: FastifyInstance, ctx: AppContext, timer: Timer) {
  let running: Promise<unknown> = Promise.resolve();
  const interval = setInterval(() => {
    running = timer.run(ctx).catch((error) => app.log.warn({ err: error }, `${timer.name} failed`));
  }, timer.everyMs);
  interval.unref();
  app.addHook("preClose", async () => {
    clearInterval(interval);
    await running;
  });
}
