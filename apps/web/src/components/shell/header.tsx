import { Burger, Button, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useOnline } from "../../lib/offline/online-status.ts";
import { useSession } from "../../lib/session.tsx";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { Logo } from "./logo.tsx";
import { MAIN_NAV } from "./nav-links.ts";
import classes from "./shell.module.css";
import { AvatarPlaceholder } from "./user-avatar.tsx";
import { UserStats } from "./user-stats.tsx";

// The account menu and the mobile drawer pull in popover code; they load when first needed.
const UserMenu = lazy(() => import("./user-menu.tsx").then((m) => ({ default: m.UserMenu })));
const MobileNav = lazy(() => import("./mobile-nav.tsx").then((m) => ({ default: m.MobileNav })));
// The offline strip under the bar (and the sender of what was done offline), in a chunk of its own.
const OfflineBanner = lazy(() =>
  import("../../lib/offline/offline-banner.tsx").then((m) => ({ default: m.OfflineBanner })),
);

/**
 * The offline strip, only once the app runs (the prerendered pages and their hydration have none), and only once
 * it has something to do: a signed-in learner's queue, or no network. A signed-out visitor online never loads
 * it. Once loaded it stays, so it sees a sign-out (and clears what the last learner kept on the device).
 */
function OfflineStrip() {
  const { token } = useSession();
  const online = useOnline();
  const [wanted, setWanted] = useState(false);
  const needed = token !== null || !online;
  useEffect(() => {
    if (needed) setWanted(true);
  }, [needed]);
  return wanted ? (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  ) : null;
}

export type HeaderVariant = "full" | "compact";

/**
 * Site header: logo, main navigation, colour mode, account (stats, `bell`, menu) or sign-in actions. The
 * notification bell is a feature's; the layouts (app/) hand it in, so the shell imports no feature.
 */
export function Header({
  variant = "full",
  bell,
}: {
  variant?: HeaderVariant;
  bell?: (profile: OwnProfile) => ReactNode;
}) {
  const { status, profile, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Once opened, the drawer stays mounted: closing it then runs its exit, which gives focus back to the burger.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [drawerOpen, drawer] = useDisclosure(false, { onOpen: () => setDrawerUsed(true) });
  // Close the drawer whenever the route changes.
  useEffect(() => drawer.close(), [location.pathname]);

  const handleSignOut = async () => {
    drawer.close();
    navigate("/");
    await signOut();
  };

  const account =
    status === "signed-in" && profile ? (
      <Group gap="xs" wrap="nowrap">
        <UserStats profile={profile} />
        {bell?.(profile)}
        <Suspense fallback={<AvatarPlaceholder profile={profile} />}>
          <UserMenu profile={profile} onSignOut={handleSignOut} />
        </Suspense>
      </Group>
    ) : status === "signed-out" ? (
      <Group gap="xs" wrap="nowrap" visibleFrom="sm">
        <Button component={Link} to="/login" variant="default" size="sm">
          Log in
        </Button>
        <Button component={Link} to="/register" size="sm">
          Sign up
        </Button>
      </Group>
    ) : null;

  return (
    <header className={classes.header} data-variant={variant}>
      <div className={classes.headerInner}>
        <Group gap="lg" wrap="nowrap">
          <Logo />
          <nav aria-label="Main" className={classes.mainNav}>
            {MAIN_NAV.map((link) => (
              <NavLink key={link.to} to={link.to} className={classes.navLink}>
                {link.label}
              </NavLink>
            ))}
          </nav>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <ColorSchemeToggle />
          {account}
          <Burger
            opened={drawerOpen}
            onClick={drawer.toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={drawerOpen ? "Close navigation" : "Open navigation"}
          />
        </Group>
      </div>
      <OfflineStrip />
      {(drawerOpen || drawerUsed) && (
        <Suspense fallback={null}>
          <MobileNav opened={drawerOpen} onClose={drawer.close} signedOut={status === "signed-out"} profile={profile} />
        </Suspense>
      )}
    </header>
  );
}
