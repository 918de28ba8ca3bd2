import type { SwaggerTransformObject } from "@fastify/swagger";
import { IDEMPOTENCY_MESSAGES } from "./hooks.ts";

type Operation = { parameters?: unknown[] };
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

const WRITE_METHODS = new Set(["post", "put", "patch", "delete"]);
const PARAMETER_REF = { $ref: "#/components/parameters/IdempotencyKey" };

const idempotencyKeyParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a retry of this request safe (signed-in callers): the first request with a key runs, and the " +
    "same key again within 48 hours gets its answer again, with the header `Idempotent-Replayed: true`. " +
    `A different request with a used key answers 422; one while the first still runs answers 409 ("${IDEMPOTENCY_MESSAGES.inProgress}").`,
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7E]+$" },
};

/** @fastify/swagger's transformObject: the Idempotency-Key header, once, on every writing operation. */
export const withIdempotencyKeyParameter: SwaggerTransformObject = (documentObject) => {
  if (!("openapiObject" in documentObject)) return documentObject.swaggerObject;
  const doc = documentObject.openapiObject as Document;
  doc.components = {
    ...doc.components,
    parameters: { ...(doc.components?.parameters as object), IdempotencyKey: idempotencyKeyParameter },
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (WRITE_METHODS.has(method)) operation.parameters = [...(operation.parameters ?? []), PARAMETER_REF];
    }
  }
  return documentObject.openapiObject;
};
