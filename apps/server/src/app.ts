import cors from "@fastify/cors";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./adapters/mail/mailer.ts";
import { lazyAuth } from "./auth/lazy-auth.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerSessionHook } from "./session-guards.ts";
import { redisSessionInvalidation } from "./auth/session-invalidation.ts";
import { createSessionResolver } from "./auth/session-resolver.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { MODULES } from "./app/modules.ts";
import { accountHooksOf, registerModules, signedInCall, signedInHooksOf } from "./app/register-modules.ts";
import { createDatabase, type Database } from "./db/client.ts";
import { databaseTimeouts } from "./db/postgres-pool.ts";
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from "./error-handler.ts";
import { createEventBus } from "./events/event-bus.ts";
import { createJobQueue, type JobQueueOptions } from "./jobs/job-queue.ts";
import { trackRequests } from "./lib/in-flight.ts";
import { registerNulGuard } from "./lib/nul-guard.ts";
import { openApiOptions } from "./lib/openapi/document.ts";
import { createRateLimits, registerRouteLimits } from "./lib/rate-limits.ts";
import { connectSharedRedis, withSharedLock } from "./lib/redis.ts";
import { registerCompression } from "./lib/compression.ts";
import { REPLAYED_HEADER, registerIdempotency } from "./lib/idempotency/hooks.ts";
import { registerSecurityHeaders } from "./lib/security-headers.ts";
import { createRealtime } from "./realtime/realtime.ts";
import { inlineScriptHashes, readSpa, registerSpa } from "./spa.ts";
import { createTransactionRunner } from "./transaction.ts";

export type BuildOptions = {
  config: Config;
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  mailer?: Mailer;
  /** Skip migrations (the caller ran them). */
  skipMigrations?: boolean;
  /** Job polling and retry policy (tests poll often and shorten the back-off). */
  jobs?: Pick<JobQueueOptions, "pollingIntervalSeconds" | "retry">;
};

export type App = FastifyInstance & { ctx: AppContext };

/** Builds the whole app (plugins, routes, error handler) without listening. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie"] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    // lib/in-flight.ts answers the 503 while closing, in the app's error shape.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    createDatabase({
      url: config.DATABASE_URL,
      dataDir: config.dataDir,
      pgliteWorker: true,
      timeouts: databaseTimeouts(config),
      onConnectionError: (error) => app.log.warn({ err: error }, "database connection lost"),
    });
  if (!options.skipMigrations) await database.migrate();
  const db = database.db;
  const mailer =
    options.mailer ??
    (config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer(db, app.log));
  const events = createEventBus(app.log);
  const jobs = createJobQueue({ database, log: app.log, ...options.jobs });
  await jobs.start();
  const transaction = createTransactionRunner(db, events, jobs);
  // With REDIS_URL, instances share rate-limit counters, session invalidations and realtime events (decision 015).
  const redis = config.REDIS_URL ? await connectSharedRedis(config.REDIS_URL, config.REDIS_PREFIX, app.log) : undefined;
  const limits = createRateLimits({ redis: redis?.client, prefix: config.REDIS_PREFIX });
  const sessions = createSessionResolver({
    db,
    transaction,
    secret: config.authSecret,
    invalidation: redis && redisSessionInvalidation(redis, app.log),
  });
  const auth = lazyAuth({
    config,
    db,
    transaction,
    sendMail: (mail) => jobs.send("send-mail", mail),
    limits,
    onError: (error, what) => app.log.error({ err: error }, what),
    forgetSessions: (userId) => sessions.forgetUser(userId),
    // What a new or confirmed account sets off: each manifest's accountHooks (the referrals', decision 031).
    accountHooks: accountHooksOf(MODULES, config),
  });
  const realtime = createRealtime({
    server: app.server,
    corsOrigin: config.corsOrigin,
    redis,
    resolveUser: (token) => sessions.resolve(token),
    onError: (error) => app.log.warn({ err: error }, "a realtime socket's session could not be checked again"),
  });
  // Whenever sessions leave the cache (here or announced by another instance), ended ones close their sockets.
  sessions.onForget((userId) => realtime.recheckUser(userId));
  const ctx: AppContext = {
    config,
    database,
    db,
    transaction,
    events,
    jobs,
    mailer,
    auth,
    sessions,
    realtime,
    limits,
    exportSections: MODULES.flatMap((module) => module.exportSections ?? []),
    log: app.log,
  };
  app.decorate("ctx", ctx);

  const spa = readSpa(config.WEB_DIST);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(spa ? [spa.index, ...spa.pages.values()] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        // The service worker (/sw.js) and the web manifest, both the app's own files.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Hack previews run on the preview site, another host name (decision 028).
        frameSrc: ["'self'", config.previewOrigin],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Only where the app is served over HTTPS: on a plain-http install it would break every asset.
        upgradeInsecureRequests: new URL(config.PUBLIC_URL).protocol === "https:" ? [] : null,
      },
    },
    // Framed nowhere, said the same way twice: frame-ancestors 'none' and X-Frame-Options DENY.
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
  // Before compression (it keeps answers uncompressed) and before the routes (it adds itself to them).
  registerIdempotency(app, db);
  registerCompression(app);
  await app.register(cors, {
    origin: config.corsOrigin,
    credentials: true,
    exposedHeaders: ["set-auth-token", REPLAYED_HEADER],
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
  });
  // The OpenAPI document (/api/docs/json): 3.1, each operation completed from its route (lib/openapi/).
  await app.register(swagger, openApiOptions(config.PUBLIC_URL));
  // Tags start collapsed: Swagger UI stops rendering a document of this size part-way when every operation
  // is open at once (no error, the later tags are missing); a tag opens its operations on a click.
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "none" } });

  registerErrorHandler(app, () => database.ping());
  const inFlight = trackRequests(app);
  registerNulGuard(app);
  // Each signed-in request also runs the manifests' signed-in hooks (the learner's presence, progress).
  registerSessionHook(app, sessions, signedInCall(signedInHooksOf(MODULES, config), ctx));
  registerRouteLimits(app, limits);
  registerAuthRoutes(app, auth, {
    rateLimit: config.AUTH_RATE_LIMIT,
    limits,
    sharedLock: redis && ((key, task) => withSharedLock(redis, key, task)),
    db,
    sessions,
    ping: () => database.ping(),
  });
  // Every module's routes (each an encapsulated plugin), event handlers, job workers and timers: app/modules.ts.
  await registerModules(app, ctx, MODULES);
  await registerSpa(app, config.WEB_DIST, spa);

  // Before the listener closes: its close waits for every connection, a WebSocket's too, and onClose runs after.
  app.addHook("preClose", async () => {
    await realtime.close();
  });
  app.addHook("onClose", async () => {
    // Order matters: the server stopped accepting; let running requests finish before closing what they use.
    await inFlight.drained(10_000);
    await jobs.stop();
    app.log.info("job worker stopped");
    await redis?.close();
    await mailer.close();
    if (!options.database) await database.close();
  });
  return app as unknown as App;
}
