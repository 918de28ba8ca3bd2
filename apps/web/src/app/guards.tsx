import { type ComponentType, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "../lib/session.tsx";
import { StatusPanel } from "../features/placeholder/status-panel.tsx";
import { consumeReturnPath, saveReturnPath } from "../lib/return-path.ts";
import { RouteLoading } from "./route-loading.tsx";

export type GuardName = "public" | "guest" | "private" | "has-access" | "admin" | "admin-only";

/** Where a signed-in visitor of /login, /register or /forgot goes (spec §2: after confirmation, /courses). */
export const SIGNED_IN_HOME = "/courses";

/** Sends a signed-out visitor to /login, saving the requested path in a cookie first. */
function ToLogin() {
  const location = useLocation();
  saveReturnPath(`${location.pathname}${location.search}${location.hash}`);
  return <Navigate to="/login" replace />;
}

/** Sign-in required. */
export function RequireAuth() {
  const { status } = useSession();
  if (status === "loading") return <RouteLoading />;
  if (status === "signed-out") return <ToLogin />;
  return <Outlet />;
}

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

/** has-access (product rules): admins always, others with has_access (active subscription or granted). */
export function RequireAccess() {
  const { status, profile } = useSession();
  if (status === "loading") return <RouteLoading />;
  if (status === "signed-out" || !profile) return <ToLogin />;
  if (profile.role === "admin" || profile.has_access) return <Outlet />;
  return (
    <StatusPanel
      kind="access-required"
      address="neonlab://access"
      code="> ACCESS LEVEL: FREE"
      title="NeonLab Pro unlocks this page"
      actions={[
        { to: "/pricing", label: "See plans", primary: true },
        { to: "/blogs", label: "Read blogs" },
      ]}
    >
      <p>Writing blogs is part of NeonLab Pro. Upgrade to publish your own posts, or keep reading what others wrote.</p>
    </StatusPanel>
  );
}

function Forbidden({ who }: { who: string }) {
  return (
    <StatusPanel
      kind="forbidden"
      address="neonlab://restricted"
      code="> 403 FORBIDDEN"
      title="Restricted area"
      actions={[{ to: "/courses", label: "Back to courses", primary: true }]}
    >
      <p>This page is for {who}. If you think you should have access, contact the NeonLab team.</p>
    </StatusPanel>
  );
}

/** admin-access (/app/reports, /lessons/reports): moderators and admins; admin-only (/admin/…): admins. */
function requireRoles(roles: readonly string[], who: string) {
  return function RequireRole() {
    const { status, profile } = useSession();
    if (status === "loading") return <RouteLoading />;
    if (status === "signed-out" || !profile) return <ToLogin />;
    if (roles.includes(profile.role)) return <Outlet />;
    return <Forbidden who={who} />;
  };
}

export const RequireStaff = requireRoles(["admin", "moderator"], "moderators and admins");
export const RequireAdmin = requireRoles(["admin"], "admins");

export const GUARDS: Record<Exclude<GuardName, "public">, ComponentType> = {
  guest: RedirectIfAuthenticated,
  private: RequireAuth,
  "has-access": RequireAccess,
  admin: RequireStaff,
  "admin-only": RequireAdmin,
};
