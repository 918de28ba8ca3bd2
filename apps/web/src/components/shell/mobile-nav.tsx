import { Button, Divider, Drawer, Stack } from "@mantine/core";
import { isStaff } from "@neonlab/shared/roles";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { Link, NavLink } from "react-router";
import { REVIEW_PATH, useReviewDueCount } from "../../lib/review-due.ts";
import { REVIEW_QUEUE_PATH, useReviewQueueCount } from "../../lib/review-queue.ts";
import { useFocusReturn } from "../dialogs/focus-return.ts";
import { Logo } from "./logo.tsx";
import { MAIN_NAV } from "./nav-links.ts";
import classes from "./shell.module.css";
import { UserStats } from "./user-stats.tsx";
import { WaitingCount } from "./waiting-count.tsx";

/** The navigation drawer of small screens. */
export function MobileNav({
  opened,
  onClose,
  signedOut,
  profile,
}: {
  opened: boolean;
  onClose: () => void;
  signedOut: boolean;
  profile: OwnProfile | null;
}) {
  // Mounted already open (it loads on first use), so Mantine's own return of focus never saw it open.
  const focusReturn = useFocusReturn(opened);
  const reviewCount = useReviewQueueCount(profile?.role);
  const dueCount = useReviewDueCount(profile?.id ?? null);
  return (
    <Drawer
      {...focusReturn}
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(320px, 85vw)"
      title={<Logo />}
      hiddenFrom="md"
      classNames={{ content: classes.drawer, header: classes.drawer }}
    >
      {profile && (
        <div className={classes.drawerStats}>
          <UserStats profile={profile} />
        </div>
      )}
      <nav aria-label="Mobile">
        <Stack gap={4}>
          {MAIN_NAV.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.drawerLink}>
              {link.label}
            </NavLink>
          ))}
        </Stack>
      </nav>
      {profile && (
        <>
          <Divider my="md" />
          <nav aria-label="Your account">
            <Stack gap={4}>
              <NavLink to="/notifications" className={classes.drawerLink}>
                Notifications
              </NavLink>
              <NavLink to={REVIEW_PATH} className={`${classes.drawerLink} ${classes.drawerCountLink}`}>
                Daily review
                <WaitingCount count={dueCount} />
              </NavLink>
              <NavLink to="/classrooms" className={classes.drawerLink}>
                Classrooms
              </NavLink>
              {isStaff(profile.role) && (
                <Link to={REVIEW_QUEUE_PATH} className={`${classes.drawerLink} ${classes.drawerCountLink}`}>
                  Review queue
                  <WaitingCount count={reviewCount} />
                </Link>
              )}
            </Stack>
          </nav>
        </>
      )}
      {signedOut && (
        <>
          <Divider my="md" />
          <Stack gap="xs">
            <Button component={Link} to="/login" variant="default">
              Log in
            </Button>
            <Button component={Link} to="/register">
              Sign up
            </Button>
          </Stack>
        </>
      )}
    </Drawer>
  );
}
