import type { FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES } from "@neonlab/shared/messages";
import { DATABASE_RETRY_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, databaseAnswers } from "../error-handler.ts";
import { errorBody } from "../errors.ts";
import { CLIENT_IP_HEADER } from "./client-ip-header.ts";
import { exhaustedCodeMessage } from "./code-guard.ts";

// Better Auth answers in its own shape; these codes get the spec's wording.
const MESSAGE_BY_CODE: Record<string, string> = {
  USER_ALREADY_EXISTS: MESSAGES.duplicateEmail,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MESSAGES.duplicateEmail,
  TOO_MANY_ATTEMPTS: exhaustedCodeMessage,
};

/** The Fetch `Request` Better Auth's handler takes, for `path` under /api/auth with the (checked) body. */
export function toFetchRequest(request: FastifyRequest, path: string, body: unknown): Request {
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

/** Sends Better Auth's answer through Fastify, errors in the app's {statusCode, statusMessage, message} shape. */
export async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length" && key !== "content-encoding") reply.header(key, value);
  });
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
  const text = await response.text();
  if (response.status < 400) return reply.send(text || null);
  return reply.type("application/json").send(toErrorBody(response.status, text, reply.request));
}

/**
 * Better Auth's answer to `request`; a 5xx while the database does not answer its ping becomes the
 * app's 503 (Better Auth turns every failure into a bare 500).
 */
export async function askBetterAuth(
  handler: (request: Request) => Promise<Response>,
  request: Request,
  ping?: () => Promise<boolean>,
): Promise<Response> {
  const response = await handler(request);
  if (response.status < 500 || !ping || (await databaseAnswers(ping))) return response;
  return Response.json(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE), {
    status: 503,
    headers: { "retry-after": String(DATABASE_RETRY_SECONDS) },
  });
}

/** Better Auth's error answer (JSON, text or nothing at all) in the app's shape. */
function toErrorBody(status: number, text: string, request: FastifyRequest) {
  if (!text) return errorBody(status, fallbackMessage(status, request));
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    const message =
      (parsed.code === "INVALID_ORIGIN" && invalidOriginMessage(request)) ||
      (parsed.code && MESSAGE_BY_CODE[parsed.code]) ||
      parsed.message ||
      fallbackMessage(status, request);
    return { ...errorBody(status, message), code: parsed.code };
  } catch {
    return errorBody(status, status >= 500 ? fallbackMessage(status, request) : text);
  }
}

/** Which variable to set when a browser reaches the server at another address than PUBLIC_URL. */
function invalidOriginMessage(request: FastifyRequest): string {
  const origin = request.headers.origin ?? "this address";
  return `Sign-in is not accepted from ${origin}: it is not this server's PUBLIC_URL. Open NeonLab at the address PUBLIC_URL names, or set PUBLIC_URL to the address you use.`;
}

function fallbackMessage(status: number, request: FastifyRequest): string {
  if (status === 404) return `No API route ${request.method} ${request.url.split("?")[0]}`;
  if (status >= 500) return "Something went wrong on our side. Please try again.";
  return "Authentication failed.";
}
