import { STATUS_CODES } from "node:http";
import type { SwaggerOptions, SwaggerTransformObject } from "@fastify/swagger";
import { withIdempotencyKeyParameter } from "../idempotency/openapi.ts";
import { ERRORS_KEY, type ErrorStatus, transformOperation } from "./operation.ts";

type Operation = {
  tags?: string[];
  responses?: Record<string, unknown>;
  [ERRORS_KEY]?: ErrorStatus[];
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
  tags?: { name: string; description: string }[];
};

/** When each error status happens (docs/operating.md "One error shape"). */
const ERROR_WHEN: Record<ErrorStatus, string> = {
  400: "Invalid input: the message names the field (also malformed JSON or a NUL character).",
  401: "No session, or an expired one.",
  403: "Signed in, but not allowed to do this.",
  404: "No such record (or route).",
  409: "A conflict with the current state, or a request with the same Idempotency-Key still running.",
  410: "Gone: it existed, but no longer (e.g. an expired link).",
  413: "The body is too large.",
  422: "The Idempotency-Key was used for a different request.",
  429: "A rate limit: `Retry-After` says how many seconds to wait.",
  500: "A bug on our side: logged, answered without details.",
  503: "The server is closing or the database does not answer: retry after `Retry-After` seconds.",
};

/** What each module's tag says in the reference; a module missing here gets a generic line (never a warning). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  system: "Health, readiness, build and client error reports.",
  profiles: "Public profiles and the signed-in user's own profile.",
  users: "The signed-in user's account: deletion, contact.",
  learning: "Courses, chapters, lessons, quizzes and reflections.",
  progress: "Completed lessons, streak and activity.",
  ledger: "The signed-in user's ledger: every change of XP, NeonBits and the streak.",
  rank: "The XP leaderboard.",
  admin: "Operator tools (admins only).",
  dev: "Development-only helpers (never in production).",
  "data-export": "A file of everything NeonLab holds about the signed-in user (docs/data-export.md).",
  referrals: "Invites by e-mail and through the personal link, their states and the NeonBits they earned.",
};

export const ERROR_SCHEMA = {
  type: "object",
  description: 'Every answer that is not 2xx (docs/operating.md, "One error shape").',
  required: ["statusCode", "statusMessage", "message"],
  properties: {
    statusCode: { type: "integer", minimum: 400, maximum: 599, examples: [429] },
    statusMessage: { type: "string", description: "The HTTP reason phrase.", examples: ["Too Many Requests"] },
    message: {
      type: "string",
      description: "Readable by a person; never internals.",
      examples: ["Too many attempts. Please wait 42 seconds and try again."],
    },
    code: { type: "string", description: "Some Better Auth answers add a code, e.g. USER_ALREADY_EXISTS." },
  },
};

/** @fastify/swagger's options: OpenAPI 3.1, `servers` from PUBLIC_URL, per-route transform and the document pass. */
export function openApiOptions(publicUrl: string): SwaggerOptions {
  return {
    openapi: {
      openapi: "3.1.0",
      info: { title: "NeonLab API", version: "1.0.0", description: "Product API of NeonLab." },
      servers: [{ url: new URL(publicUrl).origin, description: "This installation" }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: transformOperation,
    transformObject: (input) => completeDocument(withIdempotencyKeyParameter(input) as Document),
  } as SwaggerOptions;
}

/**
 * The whole-document pass: every operation's error statuses (marked by transformOperation) become responses
 * in the standard error shape (a route's own declaration of a status wins), and every tag used is listed
 * with a description.
 */
export function completeDocument(doc: Document): ReturnType<SwaggerTransformObject> {
  const used = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const statuses = operation[ERRORS_KEY] ?? [500];
      delete operation[ERRORS_KEY];
      const responses = { ...operation.responses };
      for (const status of statuses) responses[status] ??= errorResponse(status);
      operation.responses = responses;
      for (const tag of operation.tags ?? []) used.add(tag);
    }
  }
  doc.components = { ...doc.components, schemas: { ...(doc.components?.schemas as object), Error: ERROR_SCHEMA } };
  doc.tags = [...used].sort().map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name] ?? `Operations of the ${name} module.`,
  }));
  return doc as ReturnType<SwaggerTransformObject>;
}

function errorResponse(status: ErrorStatus) {
  return {
    description: `${STATUS_CODES[status]}: ${ERROR_WHEN[status]}`,
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/Error" },
        example: { statusCode: status, statusMessage: STATUS_CODES[status], message: ERROR_WHEN[status] },
      },
    },
  };
}
