import { ActionIcon, Group, Tooltip } from "@mantine/core";
import type { PublicProfile } from "@neonlab/shared/schemas/profile";
import {
  IconBrandGithub,
  IconBrandLinkedin,
  IconBrandPatreon,
  IconBrandX,
  IconBrandYoutube,
  IconCoffee,
} from "@tabler/icons-react";

const LINKS = [
  { field: "github_link", label: "GitHub", icon: IconBrandGithub },
  { field: "twitter_link", label: "X (Twitter)", icon: IconBrandX },
  { field: "linkedin_link", label: "LinkedIn", icon: IconBrandLinkedin },
  { field: "youtube_link", label: "YouTube", icon: IconBrandYoutube },
  { field: "patreon_link", label: "Patreon", icon: IconBrandPatreon },
  { field: "buy_me_a_coffe_link", label: "Buy me a coffee", icon: IconCoffee },
] as const;

/** The profile's external links (only http(s) addresses, opened in a new tab). */
export function ProfileLinks({ profile }: { profile: PublicProfile }) {
  const links = LINKS.flatMap((link) => {
    const href = profile[link.field];
    return href && /^https?:\/\//i.test(href) ? [{ ...link, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <Group gap={6} component="ul" aria-label="Links" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {links.map(({ field, label, icon: Icon, href }) => (
        <li key={field}>
          <Tooltip label={label} withArrow>
            <ActionIcon
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer me"
              variant="default"
              size="lg"
              aria-label={`${label} (opens in a new tab)`}
            >
              <Icon size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </li>
      ))}
    </Group>
  );
}
