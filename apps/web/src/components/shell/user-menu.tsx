import { Menu, UnstyledButton } from "@mantine/core";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import {
  IconBuildingStore,
  IconChevronDown,
  IconCoin,
  IconGift,
  IconLogout,
  IconNotes,
  IconSettings,
  IconShieldCheck,
  IconUser,
  IconUserShield,
  IconUsers,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { builtOnly } from "./nav-links.ts";
import classes from "./shell.module.css";
import { UserAvatar } from "./user-avatar.tsx";

/** The account menu's pages (those that exist are shown: builtOnly). */
function accountLinks(profile: OwnProfile) {
  const staff = profile.role === "admin" || profile.role === "moderator";
  return [
    { to: `/profile/${profile.username}`, label: "Profile", Icon: IconUser },
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

/** Avatar button with the account menu. */
export function UserMenu({ profile, onSignOut }: { profile: OwnProfile; onSignOut: () => void }) {
  return (
    <Menu position="bottom-end" width={220} withArrow shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.avatarButton} aria-label={`Account menu for ${profile.display_name}`}>
          <UserAvatar profile={profile} />
          <IconChevronDown size={14} aria-hidden="true" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>@{profile.username}</Menu.Label>
        {builtOnly(accountLinks(profile)).map(({ to, label, Icon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} />}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut} data-testid="sign-out">
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
