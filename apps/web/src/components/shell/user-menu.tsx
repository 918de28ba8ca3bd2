import { Menu, UnstyledButton } from "@mantine/core";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import {
  IconBuildingStore,
  IconChevronDown,
  IconLogout,
  IconNotes,
  IconSettings,
  IconShieldCheck,
  IconUser,
  IconUsers,
} from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./shell.module.css";
import { UserAvatar } from "./user-avatar.tsx";

/** Avatar button with the account menu. */
export function UserMenu({ profile, onSignOut }: { profile: OwnProfile; onSignOut: () => void }) {
  const staff = profile.role === "admin" || profile.role === "moderator";
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
        <Menu.Item component={Link} to={`/profile/${profile.username}`} leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/blogs/my-blogs" leftSection={<IconNotes size={16} />}>
          My blogs
        </Menu.Item>
        <Menu.Item component={Link} to={`/connections/${profile.username}`} leftSection={<IconUsers size={16} />}>
          Connections
        </Menu.Item>
        <Menu.Item component={Link} to="/shop" leftSection={<IconBuildingStore size={16} />}>
          Shop
        </Menu.Item>
        {staff && (
          <Menu.Item component={Link} to="/app/reports" leftSection={<IconShieldCheck size={16} />}>
            Reports
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut} data-testid="sign-out">
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
