import { canWriteBlogs } from "@neonlab/shared/roles";
import type { ComponentType } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { StatusPanel } from "../components/status-panel.tsx";
import { saveReturnPath } from "../lib/return-path.ts";
import { useSession } from "../lib/session.tsx";
import type { GuardName } from "../lib/route-table.ts";
import { RouteLoading } from "./route-loading.tsx";

// The guards of the sign-in-required routes: a chunk of their own (app/guards.tsx loads it with the route).

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
 * has-access: the spec's check of the blog editor (its only route), as the amended rule of writing blogs has it:
 * has_access (admins always, a subscription, or access granted), or staff (canWriteBlogs).
 */
export function RequireAccess() {
  const { status, profile } = useSession();
  if (status === "loading") return <RouteLoading />;
  if (status === "signed-out" || !profile) return <ToLogin />;
  if (canWriteBlogs({ role: profile.role, hasAccess: profile.has_access })) return <Outlet />;
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

export const SIGNED_IN_GUARDS: Record<Exclude<GuardName, "public" | "guest">, ComponentType> = {
  private: RequireAuth,
  "has-access": RequireAccess,
  admin: RequireStaff,
  "admin-only": RequireAdmin,
};
