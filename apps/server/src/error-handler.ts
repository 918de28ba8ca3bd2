import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, errorBody } from "./errors.ts";

/** One place maps every error to the spec's {statusCode, statusMessage, message}; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
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
