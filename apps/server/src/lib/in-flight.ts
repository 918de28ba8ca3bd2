import type { FastifyInstance } from "fastify";
import { errorBody } from "../errors.ts";

/** Seconds a client is asked to wait while the server restarts (Retry-After of the 503). */
const RESTART_RETRY_SECONDS = 5;

/**
 * Counts requests in progress so shutdown can wait for them before closing the database, and answers
 * requests that arrive while the server closes with a 503 in the app's error shape (Fastify's own
 * return503OnClosing sends another shape). Registered before the modules, so it sees every route.
 */
export function trackRequests(app: FastifyInstance) {
  let count = 0;
  let closing = false;
  const waiters: (() => void)[] = [];
  const finished = () => {
    count--;
    if (count === 0) for (const wake of waiters.splice(0)) wake();
  };
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  // Callback-style hook: no promise per request. A request ends when its response closes, finished or not:
  // Fastify's onResponse needs the answer fully written and its onRequestAbort an unfinished request, so a
  // client that left while its answer was being written (any load generator at its end) was never counted
  // out, and every later shutdown waited its full drain time.
  app.addHook("onRequest", (_request, reply, done) => {
    count++;
    reply.raw.once("close", finished);
    if (!closing) return done();
    reply
      .status(503)
      .header("connection", "close")
      .header("retry-after", String(RESTART_RETRY_SECONDS))
      .send(errorBody(503, "The server is restarting. Please try again in a moment."));
  });
  return {
    drained(timeoutMs: number) {
      if (count <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
