import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, errorBody } from "./errors.ts";

/**
 * One place maps every error to the spec's {statusCode, statusMessage, message}; 5xx never leak internals.
 * A failure while the database does not answer `ping` (within 1 s) is a 503 (try again), not a 500.
 */
export function registerErrorHandler(app: FastifyInstance, ping?: () => Promise<boolean>) {
  app.setErrorHandler(async (error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, "").replaceAll("/", ".") : "";
      const message = first ? `${where ? `${where}: ` : ""}${first.message}` : "The request is not valid.";
      return reply.status(400).send(errorBody(400, message));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, readableClientError(error as FastifyError)));
    }
    if (isDatabaseUnavailable(error) || (ping && !(await databaseAnswers(ping)))) {
      request.log.error({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_SECONDS))
        .send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(errorBody(500, "Something went wrong on our side. Please try again."));
  });
}

function readableClientError(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "This endpoint expects a JSON body.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty; send a JSON object.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON.";
    default:
      return error.message || "The request could not be processed.";
  }
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a malformed
 * %-escape in the address, or a path parameter over the router's length limit. Same error object.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? "A part of the address is too long."
      : error.code === "FST_ERR_BAD_URL"
        ? "The address is not valid: it contains a malformed %-escape."
        : "The request could not be processed.";
  return reply.status(status).send(errorBody(status, message));
}

export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";
export const DATABASE_RETRY_SECONDS = 5;

// Connection failures (Node), PostgreSQL's connection exception class 08, shutdown/starting (57P0x), too many
// connections, and the timeouts (db/postgres-pool.ts): statement_timeout (57014), lock_timeout (55P03),
// idle_in_transaction_session_timeout (25P03).
const UNAVAILABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|08\w{3}|57P0[1-5]|53300|57014|55P03|25P03)$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|PGlite is closed|database is closed/i;

/** Whether the database answers its ping within a moment (a hung connection counts as no answer). */
export async function databaseAnswers(ping: () => Promise<boolean>, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([ping().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an error (or one it wraps: Drizzle wraps the driver's) says the database can not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.test(code)) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive."],
  HPE_HEADER_OVERFLOW: [431, "The request headers are too large."],
};

/**
 * Errors of the HTTP parser, before Fastify sees a request (headers too large, a malformed request, a
 * timeout): written to the socket like Fastify's default handler, in the app's error shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "The request could not be read."];
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
