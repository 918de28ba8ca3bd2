import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers Helmet sets for these options, computed once. They do not depend on the request (no CSP
 * nonces), so every response gets the same object; @fastify/helmet instead rebuilt Helmet's middleware,
 * parsing every CSP directive again, on each request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  if (Object.keys(headers).length === 0) throw new Error("Helmet set no headers");
  return headers;
}

/**
 * The policy of API answers: JSON renders nothing, so it may load nothing and be framed nowhere. (The
 * page policy, with a hash for every inline script of the SPA, is ~1 KB sent on every answer for nothing.)
 */
const API_POLICY: HelmetOptions["contentSecurityPolicy"] = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
};

/** Paths under /api/ that are pages (the OpenAPI explorer), which keep the page policy. */
const API_PAGES = "/api/docs";

/**
 * Sends the security headers on every response: the page policy on pages, the API policy on /api/
 * answers (a route may still replace a header, as the content images do).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const page = securityHeaders(options);
  const api = securityHeaders({ ...options, contentSecurityPolicy: API_POLICY });
  app.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith("/api/") && !url.startsWith(API_PAGES) ? api : page);
    done();
  });
}
