/**
 * Whether this process is on its way out: after SIGTERM with SHUTDOWN_DELAY_MS set (server.ts), the server goes on
 * serving every request for that long while /api/ready answers 503, so a proxy's health checks take the instance
 * out of rotation before it stops accepting connections (a rolling restart without failed requests). A signal
 * ends the whole process, so this is the process's state, not one app's.
 */
let draining = false;

export function startDraining() {
  draining = true;
}

export const isDraining = () => draining;
