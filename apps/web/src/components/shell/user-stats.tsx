import { Group, VisuallyHidden } from "@mantine/core";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { IconBolt, IconCoin, IconFlame } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./shell.module.css";
import { formatCount } from "@neonlab/shared/format";

/** XP, streak and NeonBits of the signed-in user (kept fresh by the profile query). */
export function UserStats({ profile }: { profile: OwnProfile }) {
  const stats = [
    {
      key: "xp",
      label: `${formatCount(profile.xp)} XP`,
      hint: "Experience points",
      icon: IconBolt,
      value: `${formatCount(profile.xp)} XP`,
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
      label: `${formatCount(profile.neonbits)} NeonBits`,
      hint: "NeonBits",
      icon: IconCoin,
      value: formatCount(profile.neonbits),
      // The balance leads to where it is spent and topped up (the shop, its packs, and its ledger link).
      to: "/shop",
    },
  ];
  return (
    <Group gap={6} wrap="nowrap" className={classes.stats}>
      {stats.map(({ key, label, hint, icon: Icon, value, to }) => {
        const content = (
          <>
            <Icon size={16} aria-hidden="true" />
            <span aria-hidden="true">{value}</span>
            <VisuallyHidden>{to ? `${label}: open the shop` : label}</VisuallyHidden>
          </>
        );
        return to ? (
          <Link key={key} to={to} className={classes.stat} data-stat={key} title={`${hint}: open the shop`}>
            {content}
          </Link>
        ) : (
          <span key={key} className={classes.stat} data-stat={key} title={hint}>
            {content}
          </span>
        );
      })}
    </Group>
  );
}
