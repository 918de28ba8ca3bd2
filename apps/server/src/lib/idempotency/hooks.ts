import { createHash } from "node:crypto";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from "fastify";
import type { Db } from "../../db/client.ts";
import { errorBody } from "../../errors.ts";
import { claimKey, deleteExpiredKeys, type KeyOwner, releaseKey, saveAnswer } from "./store.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds while it runs (null: none). */
    idempotencyClaim: KeyOwner | null;
  }
}

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** One a second for the 5 minutes after which a running key counts as abandoned (store.ts). */
const RELEASE_ATTEMPTS = 300;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const IDEMPOTENCY_MESSAGES = {
  invalid: "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
  mismatch: "This Idempotency-Key was already used for a different request. Send a new key for a new request.",
  inProgress: "A request with this Idempotency-Key is still in progress.",
};

/**
 * Honours the Idempotency-Key header on signed-in writing /api requests (docs/decisions/009): the
 * first request with a key runs and its answer is kept 48 hours; the same key again gets that answer
 * (`Idempotent-Replayed: true`) without running again. Register before the routes (it adds itself to
 * them) and before compression (it keeps the answer as the serializer wrote it).
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.decorateRequest("idempotencyClaim", null);

  function claim(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    // Anonymous calls are not keyed (there is no one the key belongs to), and reads need no key.
    if (header === undefined || request.user === null || READ_METHODS.has(request.method)) return done();
    const key = parseIdempotencyKey(header);
    if (key === null) return void reply.status(400).send(errorBody(400, IDEMPOTENCY_MESSAGES.invalid));
    const owner = { userId: request.user.id, key };
    claimKey(db, owner, fingerprint(request)).then(
      (result) => {
        switch (result.kind) {
          case "claimed":
            request.idempotencyClaim = owner;
            return done();
          case "mismatch":
            return void reply.status(422).send(errorBody(422, IDEMPOTENCY_MESSAGES.mismatch));
          case "in-progress":
            reply.header("retry-after", "1");
            return void reply.status(409).send(errorBody(409, IDEMPOTENCY_MESSAGES.inProgress));
          case "replay": {
            const { status, contentType, body } = result.answer;
            if (contentType) reply.header("content-type", contentType);
            return void reply
              .status(status)
              .header(REPLAYED_HEADER, "true")
              .send(body ?? undefined);
          }
        }
      },
      (error) => {
        // The claim may have been stored with its answer lost (the connection broke): give it back with
        // the error's answer, or the key would stay "in progress" until it counts as abandoned.
        request.idempotencyClaim = owner;
        done(error);
      },
    );
  }

  // Only writing /api routes get the hook; Better Auth's own routes are left alone (its sign-in and code
  // routes are anonymous, and its session routes are not ours to replay).
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/auth/")) return;
    if (methods.every((method) => READ_METHODS.has(method))) return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, claim];
    const onResponse = route.onResponse ? [route.onResponse].flat() : [];
    route.onResponse = [...onResponse, releaseUnanswered];
  });

  // Keeps the answer before it is compressed; a 5xx (or an answer that is not text) gives the key back.
  app.addHook("onSend", (request, reply, payload, done) => {
    const owner = request.idempotencyClaim;
    if (owner === null) return done(null, payload);
    request.idempotencyClaim = null;
    const body = typeof payload === "string" ? payload : payload == null ? null : undefined;
    if (reply.statusCode === 503) {
      // Not waited for: a 503 is mostly the database failing, and the answer should not wait on it too.
      releaseUntilDone(owner, request.log);
      return done(null, payload);
    }
    if (reply.statusCode >= 500 || body === undefined) {
      return void releaseUntilDone(owner, request.log).then(() => done(null, payload));
    }
    saveAnswer(db, owner, { status: reply.statusCode, contentType: contentTypeOf(reply), body }).then(
      () => done(null, payload),
      (error) => {
        request.log.error({ err: error }, "could not keep the answer of an Idempotency-Key");
        done(null, payload);
      },
    );
  });

  // An answer that never reached onSend (a hook failed, the reply was hijacked) gives the key back.
  function releaseUnanswered(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    const owner = request.idempotencyClaim;
    if (owner === null) return done();
    request.idempotencyClaim = null;
    releaseUntilDone(owner, request.log);
    done();
  }

  /**
   * Gives a key back, trying again every second while the database does not answer (up to the
   * abandoned-key age, when a new claim takes the key anyway): a request that got a 503 because the
   * database went away can then be sent again with its key once the database is back.
   */
  function releaseUntilDone(owner: KeyOwner, log: FastifyBaseLogger): Promise<void> {
    const attempt = (n: number): Promise<void> =>
      releaseKey(db, owner).catch((error) => {
        if (n === 1) log.warn({ err: error }, "could not release an Idempotency-Key; trying again");
        if (closed) return;
        if (n >= RELEASE_ATTEMPTS) return log.error({ err: error }, "gave up releasing an Idempotency-Key");
        setTimeout(() => void attempt(n + 1), 1000).unref();
      });
    return attempt(1);
  }

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweeper = setInterval(() => {
    sweeping = deleteExpiredKeys(db).catch((error) => app.log.error({ err: error }, "idempotency key sweep failed"));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  let closed = false;
  app.addHook("preClose", async () => {
    closed = true;
    clearInterval(sweeper);
    await sweeping;
  });
}

/**
 * The key of an Idempotency-Key header: 1–255 printable ASCII characters. The IETF draft writes it as
 * a structured-field string ("…"); the quotes are dropped, so `"abc"` and `abc` are the same key.
 * Null for anything else (several headers, control or non-ASCII characters, too long).
 */
export function parseIdempotencyKey(header: string | string[]): string | null {
  if (typeof header !== "string") return null;
  const quoted = /^"([^"\\]*)"$/.exec(header);
  const key = quoted ? (quoted[1] ?? "") : header;
  return /^[\x20-\x7e]{1,255}$/.test(key) ? key : null;
}

/** What makes two requests "the same request": method, address (with its query) and body. */
function fingerprint(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest("base64url");
}

function contentTypeOf(reply: FastifyReply): string | null {
  const type = reply.getHeader("content-type");
  return type === undefined ? null : String(type);
}
