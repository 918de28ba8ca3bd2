import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors.ts";

/**
 * Where the first U+0000 sits in a parsed value (a string, or an object key), as "a.b.0"; null when
 * there is none. Iterative, so a deeply nested body can not overflow the stack.
 */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [current, where] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      if (current.includes("\u0000")) return where;
    } else if (current !== null && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) {
        const at = where ? `${where}.${key}` : key;
        if (key.includes("\u0000")) return where;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

/** A body a plugin scope left unparsed (raw bytes, a stream): binary data, not text for PostgreSQL. */
const isBinary = (body: unknown) => body instanceof Uint8Array || body instanceof Readable;

/**
 * PostgreSQL text can not hold the NUL character: a value carrying one would fail deep in a query
 * (a 500). Refuse it up front, in path parameters, query strings and parsed (JSON) bodies of every route.
 */
export function registerNulGuard(app: FastifyInstance) {
  // Callback-style: it runs on every request, and a promise each time is measurable (bench L3).
  app.addHook("preValidation", (request, _reply, done) => {
    const body = isBinary(request.body) ? undefined : request.body;
    for (const part of [request.params, request.query, body]) {
      const where = findNul(part);
      if (where !== null) {
        return done(badRequest(`${where ? `${where}: ` : ""}Text must not contain the NUL character (\\u0000).`));
      }
    }
    done();
  });
}
