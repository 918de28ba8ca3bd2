import { Badge, Menu, UnstyledButton } from "@mantine/core";
import { isStaff } from "@neonlab/shared/roles";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import {
  IconBell,
  IconBuildingStore,
  IconChevronDown,
  IconCoin,
  IconGift,
  IconInbox,
  IconLogout,
  IconNotes,
  IconRepeat,
  IconSchool,
  IconSettings,
  IconShieldCheck,
  IconUser,
  IconUserShield,
  IconUsers,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { REVIEW_PATH, useReviewDueCount } from "../../lib/review-due.ts";
import { REVIEW_QUEUE_PATH, useReviewQueueCount } from "../../lib/review-queue.ts";
import { builtOnly } from "./nav-links.ts";
import classes from "./shell.module.css";
import { UserAvatar } from "./user-avatar.tsx";
import { WaitingCount } from "./waiting-count.tsx";

type AccountLink = { to: string; label: string; Icon: ComponentType<{ size?: number }>; count?: number | null };

/** The staff's entry: the blogs waiting for review, with how many (null: not known yet). */
const reviewQueueLink = (count: number | null): AccountLink => ({
  to: REVIEW_QUEUE_PATH,
  label: "Review queue",
  Icon: IconInbox,
  count,
});

/** The account menu's pages (those that exist are shown: builtOnly). */
function accountLinks(profile: OwnProfile, reviewCount: number | null, dueCount: number | null): AccountLink[] {
  const staff = isStaff(profile.role);
  return [
    { to: `/profile/${profile.username}`, label: "Profile", Icon: IconUser },
    { to: "/notifications", label: "Notifications", Icon: IconBell },
    { to: REVIEW_PATH, label: "Daily review", Icon: IconRepeat, count: dueCount },
    { to: "/classrooms", label: "Classrooms", Icon: IconSchool },
    ...(staff ? [reviewQueueLink(reviewCount)] : []),
    { to: "/settings", label: "Settings", Icon: IconSettings },
    { to: "/blogs/my-blogs", label: "My blogs", Icon: IconNotes },
    { to: `/connections/${profile.username}`, label: "Connections", Icon: IconUsers },
    { to: "/shop", label: "Shop", Icon: IconBuildingStore },
    // The packs on the payment provider's page (/pricing hands over to it: features/pages/pricing-page.tsx).
    { to: "/pricing?buy=neonbits", label: "Buy NeonBits", Icon: IconCoin },
    ...(staff ? [{ to: "/app/reports", label: "Reports", Icon: IconShieldCheck }] : []),
    ...(profile.role === "admin"
      ? [
          { to: "/admin/money", label: "Giveaways and access", Icon: IconGift },
          { to: "/admin/users", label: "Roles", Icon: IconUserShield },
        ]
      : []),
  ];
}

/** The menu's links; mounted with the open menu, so the staff's review count is asked for only then. */
function AccountItems({ profile }: { profile: OwnProfile }) {
  const reviewCount = useReviewQueueCount(profile.role);
  const dueCount = useReviewDueCount(profile.id);
  return builtOnly(accountLinks(profile, reviewCount, dueCount)).map(({ to, label, Icon, count }) => (
    <Menu.Item
      key={to}
      component={Link}
      to={to}
      leftSection={<Icon size={16} />}
      rightSection={<WaitingCount count={count} />}
    >
      {label}
    </Menu.Item>
  ));
}

/** Avatar button with the account menu. */
export function UserMenu({ profile, onSignOut }: { profile: OwnProfile; onSignOut: () => void }) {
  // Review cards due now show on the button itself: the one count worth seeing without opening the menu.
  const due = useReviewDueCount(profile.id) ?? 0;
  const dueLabel = due > 0 ? `, ${due} review ${due === 1 ? "card" : "cards"} due` : "";
  return (
    <Menu position="bottom-end" width={220} withArrow shadow="md">
      <Menu.Target>
        <UnstyledButton
          className={classes.avatarButton}
          pos="relative"
          aria-label={`Account menu for ${profile.display_name}${dueLabel}`}
        >
          <UserAvatar profile={profile} />
          {due > 0 && (
            // Over the avatar's corner: the header has no room for a wider button on a phone.
            <Badge
              size="xs"
              circle
              color="magenta"
              pos="absolute"
              top={-4}
              right={10}
              style={{ pointerEvents: "none" }}
              aria-hidden="true"
              data-review-due={due}
            >
              {due > 9 ? "9+" : due}
            </Badge>
          )}
          <IconChevronDown size={14} aria-hidden="true" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>@{profile.username}</Menu.Label>
        <AccountItems profile={profile} />
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut} data-testid="sign-out">
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
