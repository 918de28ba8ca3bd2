import type { FastifySchema, RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { RouteAuth } from "../../session-guards.ts";

/** The error statuses an operation's documentation may list (each answered in the one error shape). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Error answers this route gives beyond the ones derived from it (see `derivedErrors`), e.g. `[403, 409]`.
     * Documented in the OpenAPI document with the standard error shape.
     */
    errors?: ErrorStatus[];
    /** The module (plugin) that registered the route; set by app.ts's module registration, used as its tag. */
    module?: string;
  }
}

/** Marks the operation's error statuses for the document transform (document.ts), which expands them. */
export const ERRORS_KEY = "x-neonlab-errors";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The error answers every route gives by how it is declared, so a new route is documented without saying so:
 * 400 always (input, or a NUL character anywhere), 401 when it needs a session, 404 with path parameters,
 * 429 with a rate limit, 409 and 422 on writes (the Idempotency-Key), 500 and 503 always.
 */
export function derivedErrors(route: Pick<RouteOptions, "method" | "url" | "config">) {
  const methods = [route.method].flat().map((m) => String(m).toUpperCase());
  const writes = methods.some((m) => WRITE_METHODS.has(m));
  // 400 on every route: besides its own input, a NUL character or a query the parser can not read (nul-guard.ts).
  const statuses = new Set<ErrorStatus>([400, 500, 503]);
  if (authOf(route) === "user") statuses.add(401);
  if (route.url.includes(":") || route.url.includes("*")) statuses.add(404);
  if (route.config?.rateLimit) statuses.add(429);
  if (writes) {
    statuses.add(409);
    statuses.add(422);
  }
  for (const status of route.config?.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The session hook's default: a session is needed under /api unless the route says otherwise (session-guards.ts). */
export function authOf(route: Pick<RouteOptions, "config">): RouteAuth {
  return route.config?.auth ?? "user";
}

/** OpenAPI security requirement of a route's `config.auth`: required bearer, optional bearer, or none. */
export function securityOf(auth: RouteAuth) {
  if (auth === "user") return [{ bearer: [] }];
  if (auth === "optional") return [{ bearer: [] }, {}];
  return [];
}

/** `GET /api/courses/:slug/lessons/:lessonSlug` → `getCoursesBySlugLessonsByLessonSlug` (camelCase, URL-safe). */
export function fallbackOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "/")
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment === "*" ? "ByPath" : segment.startsWith(":") ? `By${pascal(segment.slice(1))}` : pascal(segment),
    );
  return method.toLowerCase() + words.join("");
}

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * @fastify/swagger's per-route transform: zod → JSON Schema (fastify-type-provider-zod), then what can be
 * derived from the route itself: tags from its module, its security from `config.auth`, an operationId from
 * method and path when it names none, and its error statuses. Its summary is the route's own: a test
 * (openapi-document.test.ts) fails for a route without one, the server does not.
 */
export function transformOperation(input: TransformInput) {
  const route = (input as TransformInput & { route: RouteOptions }).route;
  const result = jsonSchemaTransform(input) as { schema: Record<string, unknown> & FastifySchema; url: string };
  const schema = result.schema ?? {};
  if (schema.hide) return result;
  const method = [route.method].flat()[0] ?? "get";
  const auth = authOf(route);
  const tags = (schema.tags as string[] | undefined) ?? [route.config?.module ?? moduleOfUrl(route.url)];
  return {
    url: result.url.replace(/\*$/, ":path"),
    schema: {
      ...schema,
      tags,
      operationId: (schema.operationId as string | undefined) ?? fallbackOperationId(String(method), route.url),
      security: schema.security ?? securityOf(auth),
      [ERRORS_KEY]: derivedErrors(route),
      ...(schema.params && typeof schema.params === "object" ? { params: renameWildcard(schema.params) } : {}),
    },
  };
}

/** A route outside app.ts's module list (Better Auth's bridge, the SPA): its first path segment under /api. */
const moduleOfUrl = (url: string) => url.split("/").filter(Boolean)[url.startsWith("/api/") ? 1 : 0] ?? "app";

/** Fastify's `*` wildcard is documented as a `path` parameter (`{*}` is no valid path template). */
function renameWildcard(params: object) {
  const schema = params as { properties?: Record<string, unknown>; required?: string[] };
  if (!schema.properties || !("*" in schema.properties)) return params;
  const { "*": rest, ...others } = schema.properties;
  return {
    ...schema,
    properties: {
      ...others,
      path: { ...(rest as object), description: "The rest of the path (may contain `/`)." },
    },
    required: schema.required?.map((name) => (name === "*" ? "path" : name)),
  };
}
