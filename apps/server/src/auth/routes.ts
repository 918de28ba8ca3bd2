import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES } from "@neonlab/shared/messages";
import type { Db } from "../db/client.ts";
import { errorBody } from "../errors.ts";
import { RateLimiter } from "../lib/rate-limiter.ts";
import { type Auth, CLIENT_IP_HEADER } from "./auth.ts";
import { CodeTurns, codeExhausted, codeTarget, exhaustedCodeMessage } from "./code-guard.ts";
import { type CodeType, codeResendWait, resendWaitMessage } from "./code-throttle.ts";
import {
  AUTH_ROUTE_RULES,
  type AuthRouteRule,
  BLOCKED_AUTH_PATHS,
  firstIssue,
  type Limit,
  oauthStartSchema,
} from "./request-schemas.ts";
import { bearerToken } from "./session.ts";
import type { SessionResolver } from "./session-resolver.ts";

// Every auth route counts against the caller's IP; reads (session, callbacks, links) get a roomier bucket.
const PER_IP_WRITE: Limit = { max: 60, windowSeconds: 60 };
const PER_IP_READ: Limit = { max: 300, windowSeconds: 60 };
// Authenticated routes without a rule (sign-out, session list…) still count per session.
const PER_SESSION_DEFAULT: Limit = { max: 30, windowSeconds: 60 };

// Better Auth answers in its own shape; these codes get the spec's wording.
const MESSAGE_BY_CODE: Record<string, string> = {
  USER_ALREADY_EXISTS: MESSAGES.duplicateEmail,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MESSAGES.duplicateEmail,
  TOO_MANY_ATTEMPTS: exhaustedCodeMessage,
};

export type AuthRouteOptions = { rateLimit: boolean; db?: Db; sessions?: SessionResolver };

/** Mounts Better Auth under /api/auth/* with input checks, our limiter, client-IP header and error shape. */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, options: AuthRouteOptions) {
  const limiter = new RateLimiter();
  const codeTurns = new CodeTurns();

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      let path = request.url.slice("/api/auth".length).split("?")[0] ?? "";
      let body = request.body;
      if (BLOCKED_AUTH_PATHS.has(path)) {
        return reply.status(404).send(errorBody(404, `No API route ${request.method} /api/auth${path}`));
      }
      if (options.rateLimit) {
        const wait = hitIp(limiter, request);
        if (wait > 0) return tooMany(reply, wait);
      }
      if (request.method === "POST" && path === "/sign-in/oauth2") {
        const parsed = oauthStartSchema.safeParse(body);
        if (!parsed.success) return reply.status(400).send(errorBody(400, firstIssue(parsed.error)));
        const { providerId, errorCallbackURL, ...rest } = parsed.data;
        path = "/sign-in/social";
        body = { ...rest, provider: providerId, errorCallbackURL: errorCallbackURL ?? "/login" };
      }
      const rule = request.method === "POST" ? AUTH_ROUTE_RULES[path] : undefined;
      if (request.method === "POST" && rule?.body) {
        if (body === null || typeof body !== "object" || Array.isArray(body)) {
          return reply.status(400).send(errorBody(400, "The request body must be a JSON object."));
        }
        const parsed = rule.body.safeParse(body);
        if (!parsed.success) return reply.status(400).send(errorBody(400, firstIssue(parsed.error)));
        body = parsed.data;
      }
      if (options.rateLimit && request.method === "POST") {
        const wait = hitAccount(limiter, request, path, rule, body);
        if (wait > 0) return tooMany(reply, wait);
        if (path === "/email-otp/send-verification-otp" && options.db) {
          const { email, type } = body as { email: string; type: CodeType };
          const resendWait = await codeResendWait(options.db, type, email);
          if (resendWait > 0) {
            reply.header("retry-after", String(resendWait));
            return reply.status(429).send(errorBody(429, resendWaitMessage(resendWait)));
          }
        }
      }
      // Requests on one address's e-mail code take turns, and a code out of tries is refused (code-guard.ts).
      const target = codeTarget(path, body);
      const response = target
        ? await codeTurns.run(target.identifier, async () => {
            if (target.checks && options.db && (await codeExhausted(options.db, target.identifier))) return null;
            return auth.handler(toFetchRequest(request, path, body));
          })
        : await auth.handler(toFetchRequest(request, path, body));
      if (!response) {
        return reply.status(403).send({ ...errorBody(403, exhaustedCodeMessage), code: "TOO_MANY_ATTEMPTS" });
      }
      if (path === "/sign-out" && response.ok) {
        const bearer = bearerToken(request);
        if (bearer) options.sessions?.forgetToken(bearer);
      }
      return sendFetchResponse(reply, response);
    },
  });
}

function tooMany(reply: FastifyReply, wait: number) {
  reply.header("retry-after", String(wait));
  return reply.status(429).send(errorBody(429, `Too many attempts. Please wait ${wait} seconds and try again.`));
}

function hitIp(limiter: RateLimiter, request: FastifyRequest): number {
  const limit = request.method === "POST" ? PER_IP_WRITE : PER_IP_READ;
  // request.ip honours X-Forwarded-For only when TRUST_PROXY is set (Fastify's trustProxy).
  return limiter.hit(`ip:${request.method}:${request.ip}`, limit.max, limit.windowSeconds);
}

function hitAccount(
  limiter: RateLimiter,
  request: FastifyRequest,
  path: string,
  rule: AuthRouteRule | undefined,
  body: unknown,
): number {
  const fields = (body ?? {}) as Record<string, unknown>;
  const session = bearerToken(request);
  let account: string | undefined;
  let limit = rule?.perAccount;
  if (rule?.account === "email" && typeof fields.email === "string") {
    account = `${String(fields.type ?? "")}:${fields.email.trim().toLowerCase()}`;
  } else if (rule?.account === "token" && typeof fields.token === "string") {
    account = fields.token;
  } else if (session) {
    account = `session:${session}`;
    limit ??= PER_SESSION_DEFAULT;
  }
  if (!account || !limit) return 0;
  return limiter.hit(`account:${path}:${account}`, limit.max, limit.windowSeconds);
}

function toFetchRequest(request: FastifyRequest, path: string, body: unknown): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.pathname = `/api/auth${path}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === "x-forwarded-for" || key === CLIENT_IP_HEADER) continue;
    if (key === "content-length") continue;
    headers.append(key, Array.isArray(value) ? value.join(", ") : value);
  }
  // Fastify already resolved the client IP (honouring X-Forwarded-For only with TRUST_PROXY).
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && body !== undefined;
  if (hasBody) headers.set("content-type", "application/json");
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length" && key !== "content-encoding") reply.header(key, value);
  });
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
  const text = await response.text();
  if (response.status < 400 || !text) return reply.send(text || null);
  return reply.type("application/json").send(toErrorBody(response.status, text));
}

function toErrorBody(status: number, text: string) {
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    const message = (parsed.code && MESSAGE_BY_CODE[parsed.code]) || parsed.message || "Authentication failed.";
    return { ...errorBody(status, message), code: parsed.code };
  } catch {
    return errorBody(status, status >= 500 ? "Something went wrong on our side." : text);
  }
}
