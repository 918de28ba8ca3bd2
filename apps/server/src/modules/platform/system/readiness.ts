import { databaseAnswers } from "../../../error-handler.ts";

/** Under the 1 s a load balancer may give /api/ready, with room for the answer itself. */
export const READY_DEADLINE_MS = 800;
export const NOT_READY_MESSAGE = "The database does not answer.";
/** While the process drains before it closes (SHUTDOWN_DELAY_MS, lib/draining.ts). */
export const READY_RESTARTING_MESSAGE = "The server is restarting.";

/**
 * Whether the database answers a ping within READY_DEADLINE_MS. Checks that arrive while one runs
 * share it, so a load balancer polling a frozen database does not take a connection per poll.
 */
export function readinessCheck(ping: () => Promise<boolean>): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  return () => {
    running ??= databaseAnswers(ping, READY_DEADLINE_MS).finally(() => {
      running = null;
    });
    return running;
  };
}
