// The soak's traffic: paced (not saturating) like a class using the app, every answer checked.
import type { Seeded } from "./seed.ts";

/** Requests per second of each kind. Sign-ins: one every 3 s with a sign-out after it (40 auth POSTs a
 * minute from one address, under the per-IP limit of 60; each of the 20 pool accounts every 60 s, under
 * 10 per 5 minutes), each holding an argon2id hash (46 MiB) while it runs. */
const RATES = { catalogue: 10, publicProfile: 10, ownProfile: 15, profileWrite: 2, completion: 3, signIn: 1 / 3 };
const TICK_MS = 100;

type Kind = keyof typeof RATES;
type Pool = Seeded & { emails: string[] };

export function startMix(base: string, pool: Pool) {
  const byKind: Record<string, number> = {};
  const lastErrors: string[] = [];
  let requests = 0;
  let errors = 0;
  let completions = 0;
  let signIns = 0;
  const inFlight = new Set<Promise<void>>();
  const owed: Record<Kind, number> = {
    catalogue: 0,
    publicProfile: 0,
    ownProfile: 0,
    profileWrite: 0,
    completion: 0,
    signIn: 0,
  };

  const fail = (what: string) => {
    errors++;
    lastErrors.push(`${new Date().toISOString()} ${what}`);
    if (lastErrors.length > 10) lastErrors.shift();
  };
  async function call(kind: string, path: string, init: RequestInit & { token?: string }, expect = [200]) {
    requests++;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body) headers["content-type"] = "application/json";
    // As a browser sends it with a POST (Better Auth refuses a sign-in without one).
    if (init.method === "POST") headers.origin = base;
    try {
      const res = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      if (!expect.includes(res.status)) fail(`${kind} ${path}: ${res.status} ${text.slice(0, 160)}`);
      return res;
    } catch (error) {
      fail(`${kind} ${path}: ${(error as Error).message}`);
      return null;
    }
  }
  const token = () => pool.tokens[Math.floor(Math.random() * pool.tokens.length)]!;
  const runners: Record<Kind, () => Promise<unknown>> = {
    catalogue: () => call("catalogue", "/api/courses", {}),
    publicProfile: () =>
      call("publicProfile", `/api/profiles/${pool.usernames[Math.floor(Math.random() * pool.usernames.length)]}`, {}),
    ownProfile: () => call("ownProfile", "/api/profile", { token: token() }),
    profileWrite: () =>
      call("profileWrite", "/api/profile", {
        method: "PUT",
        token: token(),
        body: JSON.stringify({ bio: `soak ${Math.random().toString(36).slice(2)}` }),
      }),
    completion: () => {
      // Every (user, lesson) once: users in turn, then the next lesson (2,000 × 40 first completions).
      const k = completions++;
      const lesson = pool.lessonIds[Math.floor(k / pool.tokens.length) % pool.lessonIds.length]!;
      return call("completion", `/api/lessons/${lesson}/complete`, {
        method: "POST",
        token: pool.tokens[k % pool.tokens.length]!,
      });
    },
    signIn: async () => {
      const email = pool.emails[signIns++ % pool.emails.length]!;
      const res = await call("signIn", "/api/auth/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email, password: "soak-password-2026" }),
      });
      const session = res?.headers.get("set-auth-token");
      if (!res?.ok) return;
      if (!session) return fail("signIn: no set-auth-token header");
      await call("signIn", "/api/profile", { token: session });
      await call("signOut", "/api/auth/sign-out", { method: "POST", token: session, body: "{}" });
    },
  };

  const timer = setInterval(() => {
    for (const kind of Object.keys(RATES) as Kind[]) {
      owed[kind] += (RATES[kind] * TICK_MS) / 1000;
      while (owed[kind] >= 1) {
        owed[kind] -= 1;
        const running = runners[kind]().then(() => undefined);
        inFlight.add(running);
        void running.finally(() => inFlight.delete(running));
      }
    }
  }, TICK_MS);

  return {
    counts: () => ({ requests, errors }),
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { requests, errors, byKind, lastErrors };
    },
  };
}
