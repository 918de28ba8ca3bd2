import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Role } from "@neonlab/shared/constants";
import { forbidden, unauthorized } from "./errors.ts";
import type { AuthUser, SessionResolver } from "./auth/session-resolver.ts";

export type { AuthUser } from "./auth/session-resolver.ts";

/** Who may call a route: "user" (default under /api) needs a session; "optional" reads it if sent; "public" ignores it. */
export type RouteAuth = "user" | "optional" | "public";

declare module "fastify" {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

const ROLE_RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * Resolves the bearer token to a user on every /api route that is not Better Auth's own, and tells `onSignedIn`
 * (the manifests' signed-in hooks, app/register-modules.ts) of each request of a signed-in user once it has been
 * answered with success: a refused request (4xx, 5xx) changes nothing.
 */
export function registerSessionHook(
  app: FastifyInstance,
  sessions: SessionResolver,
  onSignedIn: (userId: string) => void = () => {},
) {
  app.decorateRequest("user", null);
  // Callback-style: it runs on every request, and only a request with a token needs to wait.
  app.addHook("onRequest", (request, _reply, done) => {
    const route = request.routeOptions.url;
    // Unmatched paths fall through to the 404 handler; docs and Better Auth's own routes are open.
    if (!route?.startsWith("/api/") || route.startsWith("/api/auth/") || route.startsWith("/api/docs")) return done();
    const mode = request.routeOptions.config?.auth ?? "user";
    if (mode === "public") return done();
    const token = bearerToken(request);
    if (!token) return done(mode === "user" ? unauthorized() : undefined);
    sessions.resolve(token).then((user) => {
      if (!user && mode === "user") return done(unauthorized("Your session has expired. Please sign in again."));
      request.user = user;
      done();
    }, done);
  });
  app.addHook("onResponse", (request, reply, done) => {
    if (request.user && reply.statusCode < 400) onSignedIn(request.user.id);
    done();
  });
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const ROLE_WITH_ARTICLE: Record<Role, string> = { user: "a user", moderator: "a moderator", admin: "an admin" };

export function requireRole(request: FastifyRequest, role: Role): AuthUser {
  const user = requireUser(request);
  if (ROLE_RANK[user.role] < ROLE_RANK[role]) throw forbidden(`Only ${ROLE_WITH_ARTICLE[role]} can do that.`);
  return user;
}
