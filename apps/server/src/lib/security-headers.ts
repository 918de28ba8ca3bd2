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
 * What API answers carry (OWASP's REST security headers): JSON renders nothing, so its policy lets it
 * load nothing and be framed nowhere, it is never sniffed into something else, it is not readable by other
 * sites' pages, and HTTPS stays on. The document-only headers (opener policy, agent cluster, DNS
 * prefetch, download options, cross-domain policies, XSS auditor, referrer policy) and the page policy
 * with a hash per inline script (~1 KB) would cost every answer (~7 µs, bench L3) for nothing.
 */
const API_POLICY: HelmetOptions["contentSecurityPolicy"] = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
};
const API_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "cross-origin-resource-policy",
  "strict-transport-security",
];

/**
 * Powerful browser features the app never uses, denied to its pages and anything they embed (Helmet has
 * no Permissions-Policy). Clipboard and fullscreen stay allowed: lessons copy code and show media. Only
 * features Chromium knows: it logs a warning for every unknown name on every page load.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** Paths under /api/ that are pages (the OpenAPI explorer), which keep the page headers. */
const API_PAGES = "/api/docs";

/**
 * Whether a route's answers are personal: every route that reads the session ("user", the default
 * under /api, and "optional") and Better Auth's. They get `Cache-Control: no-store`; public routes keep
 * their own caching.
 */
function isPersonalRoute(route: string | undefined, auth: string | undefined): boolean {
  if (!route?.startsWith("/api/") || route.startsWith(API_PAGES)) return false;
  return route.startsWith("/api/auth/") || auth !== "public";
}

/**
 * Sends the security headers on every response: the page set on pages, the API set on /api/ answers (a
 * route may still replace a header, as the content images do), and `Cache-Control: no-store` on
 * personal answers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const page = { ...securityHeaders(options), "permissions-policy": PERMISSIONS_POLICY };
  const all = securityHeaders({ ...options, contentSecurityPolicy: API_POLICY });
  const api: Record<string, string> = Object.fromEntries(
    API_HEADERS.map((name) => {
      if (!all[name]) throw new Error(`Helmet set no ${name}`);
      return [name, all[name]];
    }),
  );
  api["permissions-policy"] = PERMISSIONS_POLICY;
  const personal = { ...api, "cache-control": "no-store" };
  app.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    if (!url.startsWith("/api/") || url.startsWith(API_PAGES)) reply.headers(page);
    else reply.headers(isPersonalRoute(request.routeOptions.url, request.routeOptions.config?.auth) ? personal : api);
    done();
  });
}
