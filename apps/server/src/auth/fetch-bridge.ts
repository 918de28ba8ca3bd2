import type { FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES } from "@neonlab/shared/messages";
import { errorBody } from "../errors.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
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
