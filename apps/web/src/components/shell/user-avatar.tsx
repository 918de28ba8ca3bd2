import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import classes from "./shell.module.css";

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("") || "?";

/** The user's avatar (or initials) in a neon ring; plain markup so it costs nothing in the first bundle. */
export function UserAvatar({ profile }: { profile: OwnProfile }) {
  return (
    <span className={classes.avatar} aria-hidden="true">
      {profile.avatar ? <img src={profile.avatar} alt="" width={34} height={34} /> : initials(profile.display_name)}
    </span>
  );
}

/** Shown while the account menu code loads. */
export function AvatarPlaceholder({ profile }: { profile: OwnProfile }) {
  return (
    <span className={classes.avatarButton}>
      <UserAvatar profile={profile} />
    </span>
  );
}
