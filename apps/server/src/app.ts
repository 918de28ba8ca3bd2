import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompress, brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./adapters/mail/mailer.ts";
import { createAuth } from "./auth/auth.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerSessionHook } from "./auth/session.ts";
import { createSessionResolver } from "./auth/session-resolver.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { createDatabase, type Database } from "./db/client.ts";
import { frameworkErrors, registerErrorHandler } from "./error-handler.ts";
import { registerNulGuard } from "./lib/nul-guard.ts";
import { registerDevRoutes } from "./modules/dev/routes.ts";
import { registerLearningRoutes } from "./modules/learning/routes.ts";
import { registerProfileRoutes } from "./modules/profiles/routes.ts";
import { registerSystemRoutes } from "./modules/system/routes.ts";
import { registerUserRoutes } from "./modules/users/routes.ts";
import { createRealtime } from "./realtime/realtime.ts";

export type BuildOptions = {
  config: Config;
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  mailer?: Mailer;
  /** Skip migrations (the caller ran them). */
  skipMigrations?: boolean;
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
    return503OnClosing: true,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? createDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  if (!options.skipMigrations) await database.migrate();
  const db = database.db;
  const mailer =
    options.mailer ??
    (config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer(db, app.log));
  const auth = createAuth({
    config,
    db,
    mailer,
    onError: (error) => app.log.error({ err: error }, "auth mail failed"),
  });
  const sessions = createSessionResolver({ db, secret: config.authSecret });
  const realtime = createRealtime({
    server: app.server,
    corsOrigin: config.corsOrigin,
    redisUrl: config.REDIS_URL,
    resolveUser: (token) => sessions.resolve(token),
  });
  const ctx: AppContext = { config, database, db, mailer, auth, sessions, realtime };
  app.decorate("ctx", ctx);

  const spa = readSpa(config.WEB_DIST);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(spa ? [spa.index, ...spa.pages.values()] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(cors, {
    origin: config.corsOrigin,
    credentials: true,
    exposedHeaders: ["set-auth-token"],
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: "NeonLab API", version: "1.0.0", description: "Product API of NeonLab." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  registerErrorHandler(app);
  registerNulGuard(app);
  registerSessionHook(app, sessions);
  registerAuthRoutes(app, auth, { rateLimit: config.AUTH_RATE_LIMIT, db, sessions });
  registerSystemRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerLearningRoutes(app, ctx);
  if (!config.isProduction) registerDevRoutes(app, ctx);
  await registerSpa(app, config.WEB_DIST, spa);

  const inFlight = trackInFlight(app);
  app.addHook("onClose", async () => {
    // Order matters: the server stopped accepting; let running requests finish before closing what they use.
    await inFlight.drained(10_000);
    await realtime.close();
    await mailer.close();
    if (!options.database) await database.close();
  });
  return app as unknown as App;
}

/** Counts requests in progress so shutdown can wait for them before closing the database. */
function trackInFlight(app: FastifyInstance) {
  let count = 0;
  const waiters: (() => void)[] = [];
  // One parameter: Fastify rejects an async onRequestAbort hook whose arity is not exactly 1.
  const finished = async (_request: unknown) => {
    count--;
    if (count === 0) for (const wake of waiters.splice(0)) wake();
  };
  app.addHook("onRequest", async () => {
    count++;
  });
  app.addHook("onResponse", finished);
  app.addHook("onRequestAbort", finished);
  return {
    drained(timeoutMs: number) {
      if (count <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/** The built index.html and the prerendered public pages (path → HTML), or null without a build. */
type SpaPages = { index: string; pages: Map<string, string> };

/** Reads the SPA's HTML once at start (like the static files): index.html and `prerender/pages.json`. */
function readSpa(dist: string): SpaPages | null {
  const file = join(dist, "index.html");
  if (!existsSync(file)) return null;
  const pages = new Map<string, string>();
  const manifest = join(dist, "prerender", "pages.json");
  if (existsSync(manifest)) {
    const names = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>;
    for (const [path, name] of Object.entries(names))
      pages.set(path, readFileSync(join(dist, "prerender", name), "utf8"));
  }
  return { index: readFileSync(file, "utf8"), pages };
}

/**
 * CSP sources for the inline scripts of the SPA's HTML (run before the first paint: the colour mode, the
 * opened route's downloads), as 'sha256-…' of each script's exact text, so the policy needs no
 * 'unsafe-inline'.
 */
export function inlineScriptHashes(documents: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of documents) {
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc\s*=/i.test(attributes ?? "") || (body ?? "").trim() === "") continue;
      hashes.add(
        `'sha256-${createHash("sha256")
          .update(body ?? "", "utf8")
          .digest("base64")}'`,
      );
    }
  }
  return [...hashes];
}

/** The encodings a request's accept-encoding allows (q > 0), e.g. "gzip, br;q=0.8" → ["gzip", "br"]. */
function acceptedEncodings(header: string | string[] | undefined): string[] {
  return String(header ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
    .map(([name]) => (name ?? "").trim().toLowerCase());
}

/**
 * Serves the built SPA with long-lived caching for hashed assets and, for any other GET, the page's
 * prerendered HTML or index.html, each compressed once when first sent (the global compression hook only
 * reaches routes, not the not-found handler).
 */
async function registerSpa(app: FastifyInstance, dist: string, spa: SpaPages | null) {
  const hasBuild = spa !== null;
  // First sent with a quick brotli (~5 ms); the smallest one (quality 11, ~150 ms) is made off the event
  // loop meanwhile and sent from then on.
  const encoded = new Map<string, { br: Buffer; gzip: Buffer }>();
  const encode = (html: string) => {
    let entry = encoded.get(html);
    if (!entry) {
      const quick = {
        br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip: gzipSync(html),
      };
      encoded.set(html, quick);
      entry = quick;
      brotliCompress(html, (error, best) => {
        if (!error) encoded.set(html, { ...quick, br: best });
      });
    }
    return entry;
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies (apps/web/vite-plugins.ts); sent as they are.
      preCompressed: true,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(dist, "assets")}`);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=300");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api" || request.method !== "GET") {
      return reply
        .status(404)
        .send({ statusCode: 404, statusMessage: "Not Found", message: `No API route ${request.method} ${path}` });
    }
    if (!spa) return reply.status(503).type("text/plain").send("The web app is not built. Run `npm run build`.");
    const html = spa.pages.get(path.length > 1 ? path.replace(/\/+$/, "") : path) ?? spa.index;
    reply.header("cache-control", "no-cache").header("vary", "accept-encoding").type("text/html; charset=utf-8");
    const accepted = acceptedEncodings(request.headers["accept-encoding"]);
    const encoding = (["br", "gzip"] as const).find((name) => accepted.includes(name));
    if (!encoding) return reply.send(html);
    return reply.header("content-encoding", encoding).send(encode(html)[encoding]);
  });
}
