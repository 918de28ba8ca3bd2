import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { errorBody, rateLimited } from "../errors.ts";
import type { Limit, RateLimits } from "../lib/rate-limits.ts";
import type { LazyAuth } from "./lazy-auth.ts";
import { CodeTurns, type SharedLock } from "./code-guard.ts";
import { authEndpoints } from "./endpoints.ts";
import { BLOCKED_AUTH_PATHS } from "./request-schemas.ts";
import type { SessionResolver } from "./session-resolver.ts";

// Every auth route counts against the caller's IP; reads (session, callbacks, links) get a roomier bucket.
const PER_IP_WRITE: Limit = { max: 60, windowSeconds: 60 };
const PER_IP_READ: Limit = { max: 300, windowSeconds: 60 };

export type AuthRouteOptions = {
  rateLimit: boolean;
  /** The app's rate-limit counters (shared by every instance when they share Redis). */
  limits: RateLimits;
  /** With several instances (Redis): e-mail code checks of one address take turns among all of them. */
  sharedLock?: SharedLock;
  db?: Db;
  sessions?: SessionResolver;
  /** Whether the database answers (a Better Auth 5xx while it does not is a 503). */
  ping?: () => Promise<boolean>;
};

/**
 * Mounts Better Auth under /api/auth/* (one wildcard route): blocked paths answer 404, every call counts
 * against the caller's IP, then the endpoint's own handler runs (auth/endpoints.ts: input checks,
 * per-account limits, e-mail code turns) or the plain pass-through.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: LazyAuth, options: AuthRouteOptions) {
  const endpoints = authEndpoints({ auth, codeTurns: new CodeTurns(options.sharedLock), ...options });

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      const path = request.url.slice("/api/auth".length).split("?")[0] ?? "";
      if (BLOCKED_AUTH_PATHS.has(path)) {
        return reply.status(404).send(errorBody(404, `No API route ${request.method} /api/auth${path}`));
      }
      if (options.rateLimit) {
        const wait = await hitIp(options.limits, request);
        if (wait > 0) throw rateLimited(wait);
      }
      return endpoints.handlerFor(request.method, path)({ request, reply, path, body: request.body });
    },
  });
}

function hitIp(limits: RateLimits, request: FastifyRequest): Promise<number> {
  const limit = request.method === "POST" ? PER_IP_WRITE : PER_IP_READ;
  // request.ip honours X-Forwarded-For only when TRUST_PROXY is set (Fastify's trustProxy).
  return limits.hit(`ip:${request.method}:${request.ip}`, limit);
}
