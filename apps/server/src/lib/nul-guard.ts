import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors.ts";

/**
 * How deep a request's JSON may nest. The product's bodies nest a few levels; a body nested thousands
 * deep parses, but copying or serializing it again (JSON.stringify for Better Auth) overflows the stack.
 */
export const MAX_BODY_DEPTH = 32;

type Problem = { kind: "nul"; where: string } | { kind: "depth" };

/**
 * The first problem of a parsed value: a U+0000 (in a string, or an object key) with where it sits as
 * "a.b.0", or nesting deeper than MAX_BODY_DEPTH; null when there is none. Iterative, so a deeply nested
 * body can not overflow the stack; the path is only put together for the NUL it reports.
 */
function findProblem(value: unknown): Problem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof current === "string") {
      if (current.includes("\u0000")) return { kind: "nul", where: path.join(".") };
    } else if (current !== null && typeof current === "object") {
      if (path.length >= MAX_BODY_DEPTH) return { kind: "depth" };
      for (const [key, child] of Object.entries(current)) {
        if (key.includes("\u0000")) return { kind: "nul", where: path.join(".") };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

/** Where the first U+0000 sits in a parsed value, as "a.b.0"; null when there is none. */
export function findNul(value: unknown): string | null {
  const problem = findProblem(value);
  return problem?.kind === "nul" ? problem.where : null;
}

/** A body a plugin scope left unparsed (raw bytes, a stream): binary data, not text for PostgreSQL. */
const isBinary = (body: unknown) => body instanceof Uint8Array || body instanceof Readable;

/**
 * PostgreSQL text can not hold the NUL character: a value carrying one would fail deep in a query
 * (a 500). Refuse it up front, in path parameters, query strings and parsed (JSON) bodies of every route,
 * and refuse bodies nested deeper than MAX_BODY_DEPTH in the same walk.
 */
export function registerNulGuard(app: FastifyInstance) {
  // Callback-style: it runs on every request, and a promise each time is measurable (bench L3).
  app.addHook("preValidation", (request, _reply, done) => {
    const body = isBinary(request.body) ? undefined : request.body;
    for (const part of [request.params, request.query, body]) {
      const problem = findProblem(part);
      if (problem?.kind === "depth") {
        return done(badRequest(`The request is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`));
      }
      if (problem) {
        const { where } = problem;
        return done(badRequest(`${where ? `${where}: ` : ""}Text must not contain the NUL character (\\u0000).`));
      }
    }
    done();
  });
}
