// A steady mix of requests through the proxy while each instance in turn gets SIGTERM and is started again:
// every answer must be the expected one (0 failed requests at the proxy). Calls carry no sticky cookie, so the
// proxy picks an instance for each and names it in its Set-Cookie: that tells which instance served what.
import { call, check, stickyValue, waitFor } from "./client.ts";
import type { Cluster, User } from "./flows.ts";
import { type Instance, startInstance, stopInstance } from "./stack.ts";

const RATE_PER_SECOND = 30;
const TICK_MS = 100;

type Kind = { name: string; run: () => Promise<{ status: number; sticky: string | null }>; expect: number };

export function startLoad(c: Cluster, user: User, lessonId: number, imageUrl: string) {
  const app = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    call(c.app, path, { ...init, origin: c.app, timeoutMs: 15_000 });
  const kinds: Kind[] = [
    { name: "page /", run: () => app("/"), expect: 200 },
    { name: "GET /api/courses", run: () => app("/api/courses"), expect: 200 },
    { name: "GET /api/profile", run: () => app("/api/profile", { token: user.token }), expect: 200 },
    {
      name: "PUT /api/profile",
      run: () => app("/api/profile", { method: "PUT", token: user.token, body: { bio: `rolling ${Date.now()}` } }),
      expect: 200,
    },
    {
      name: "POST lesson complete (again)",
      run: () => app(`/api/lessons/${lessonId}/complete`, { method: "POST", token: user.token }),
      expect: 200,
    },
    { name: "GET blog image", run: () => app(imageUrl), expect: 200 },
    {
      name: "GET preview /bootstrap",
      run: () => call(c.preview, "/bootstrap", { origin: c.app, timeoutMs: 15_000 }),
      expect: 200,
    },
  ];
  const byInstance = new Map([c.a, c.b].map((i) => [stickyValue(i.dial), i.name]));
  const served: Record<string, number> = {};
  const failures: string[] = [];
  let requests = 0;
  let next = 0;
  let owed = 0;
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();

  const fire = (kind: Kind) => {
    requests++;
    const running = kind.run().then(
      (answer) => {
        if (answer.status !== kind.expect) failures.push(`${elapsed()} ${kind.name}: ${answer.status}`);
        const name = answer.sticky ? (byInstance.get(answer.sticky) ?? "?") : null;
        if (name) served[name] = (served[name] ?? 0) + 1;
      },
      (error: Error) => {
        failures.push(`${elapsed()} ${kind.name}: ${error.message}`);
      },
    );
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  };
  const elapsed = () => `+${((Date.now() - started) / 1000).toFixed(1)}s`;
  const timer = setInterval(() => {
    owed += (RATE_PER_SECOND * TICK_MS) / 1000;
    while (owed >= 1) {
      owed -= 1;
      fire(kinds[next++ % kinds.length]!);
    }
  }, TICK_MS);

  return {
    /** Requests sent so far, failures among them, and the answers each instance gave. */
    snapshot: () => ({ requests, failures: failures.length, served: { ...served } }),
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { requests, failures, served, seconds: (Date.now() - started) / 1000 };
    },
  };
}

/** Whether the proxy sends a client pinned to `instance` there again (it sets no new cookie when it does). */
export const inRotation = async (c: Cluster, instance: Instance) => {
  const answer = await call(c.app, "/api/health", { origin: c.app, pin: instance.dial, timeoutMs: 5_000 });
  return answer.status === 200 && answer.sticky === null;
};

/**
 * SIGTERM to the instance's server (it drains: out of the proxy's rotation first), then `npm run start:prod`'s
 * command again; done when the proxy sends traffic to it again. Returns what each phase took.
 */
export async function restartInstance(c: Cluster, instance: Instance) {
  const stopped = await stopInstance(instance);
  check(stopped.code === 0, `${instance.name}: the server ended with ${stopped.code} on SIGTERM`);
  check(!(await inRotation(c, instance)), `${instance.name} stopped, yet the proxy still sends clients to it`);
  const startMs = await startInstance(instance);
  const rejoinStarted = Date.now();
  await waitFor(`${instance.name} back in the proxy's rotation`, 30_000, async () =>
    (await inRotation(c, instance)) ? true : undefined,
  );
  return { stopMs: stopped.ms, startMs, rejoinMs: Date.now() - rejoinStarted };
}
