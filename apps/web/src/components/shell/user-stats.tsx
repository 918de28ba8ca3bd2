import { Group, VisuallyHidden } from "@mantine/core";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { IconBolt, IconCoin, IconFlame } from "@tabler/icons-react";
import classes from "./shell.module.css";

const format = (n: number) => new Intl.NumberFormat("en-US").format(n);

/** XP, streak and NeonBits of the signed-in user (kept fresh by the profile query). */
export function UserStats({ profile }: { profile: OwnProfile }) {
  const stats = [
    {
      key: "xp",
      label: `${format(profile.xp)} XP`,
      hint: "Experience points",
      icon: IconBolt,
      value: `${format(profile.xp)} XP`,
    },
    {
      key: "streak",
      label: `${profile.streak} day streak`,
      hint: "Daily streak",
      icon: IconFlame,
      value: String(profile.streak),
    },
    {
      key: "neonbits",
      label: `${format(profile.neonbits)} NeonBits`,
      hint: "NeonBits",
      icon: IconCoin,
      value: format(profile.neonbits),
    },
  ];
  return (
    <Group gap={6} wrap="nowrap" className={classes.stats}>
      {stats.map(({ key, label, hint, icon: Icon, value }) => (
        <span key={key} className={classes.stat} data-stat={key} title={hint}>
          <Icon size={16} aria-hidden="true" />
          <span aria-hidden="true">{value}</span>
          <VisuallyHidden>{label}</VisuallyHidden>
        </span>
      ))}
    </Group>
  );
}
