import { useRef } from "react";
import { Navigate, Outlet, type RouteObject, useLocation } from "react-router";
import { consumeReturnPath } from "../lib/return-path.ts";
import type { GuardName } from "../lib/route-table.ts";
import { useSession } from "../lib/session.tsx";
import { RouteLoading } from "./route-loading.tsx";

/** Where a signed-in visitor of /login, /register or /forgot goes (spec §2: after confirmation, /courses). */
export const SIGNED_IN_HOME = "/courses";

/**
 * redirect-if-authenticated (/login, /register, /forgot): decided once per visit, so a sign-in that
 * happens on the page itself lets the page navigate (to consumeReturnPath() ?? "/courses").
 */
export function RedirectIfAuthenticated() {
  const { status } = useSession();
  const location = useLocation();
  const decision = useRef<{ key: string; target: string | null } | null>(null);
  if (status === "loading") return <RouteLoading />;
  if (decision.current?.key !== location.key) {
    decision.current = {
      key: location.key,
      target: status === "signed-in" ? (consumeReturnPath() ?? SIGNED_IN_HOME) : null,
    };
  }
  if (decision.current.target) return <Navigate to={decision.current.target} replace />;
  return <Outlet />;
}

/**
 * The guard of a route group: the guest pages' in the first route's code (they are prerendered and
 * hydrated), the sign-in-required ones' (app/signed-in-guards.tsx) loaded with their page.
 */
export function guardRoute(guard: Exclude<GuardName, "public">, children: RouteObject[]): RouteObject {
  if (guard === "guest") return { Component: RedirectIfAuthenticated, children };
  return {
    lazy: async () => ({ Component: (await import("./signed-in-guards.tsx")).SIGNED_IN_GUARDS[guard] }),
    children,
  };
}
