import type { Auth, AuthDeps } from "./auth.ts";

/**
 * Better Auth, loaded once the server answers rather than before: it is ~450 modules and ~0.4 s of the start's
 * critical path (docs/decisions/023). `handler` waits for it (a request that comes first waits ~0.4 s); the
 * server calls `ready()` right after it listens, so a configuration error still stops the start.
 */
export type LazyAuth = {
  handler(request: Request): Promise<Response>;
  ready(): Promise<Auth>;
};

export function lazyAuth(deps: AuthDeps): LazyAuth {
  let auth: Promise<Auth> | undefined;
  const ready = () => {
    auth ??= import("./auth.ts").then(({ createAuth }) => createAuth(deps));
    return auth;
  };
  return { ready, handler: async (request) => (await ready()).handler(request) };
}
