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
    // Initials drawn by CSS (`data-initials`): they are decoration, and as text they would be the visible
    // label of the account button without being part of its name (WCAG 2.5.3, label in name).
    <span
      className={classes.avatar}
      aria-hidden="true"
      data-initials={profile.avatar ? undefined : initials(profile.display_name)}
    >
      {profile.avatar && <img src={profile.avatar} alt="" width={34} height={34} />}
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
