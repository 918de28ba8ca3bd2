import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { buildShareUrl, type ShareRequest } from "@neonlab/shared/share";
import {
  IconBrandFacebook,
  IconBrandYcombinator,
  IconBrandLinkedin,
  IconBrandReddit,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBrandX,
  IconMail,
  IconShare,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { openShareUrl } from "../lib/share-window.ts";

const NETWORK_UI: Record<string, { label: string; icon: ComponentType<{ size?: number }> }> = {
  x: { label: "X", icon: IconBrandX },
  xPost: { label: "X", icon: IconBrandX },
  twitter: { label: "Twitter", icon: IconBrandX },
  linkedin: { label: "LinkedIn", icon: IconBrandLinkedin },
  linkedinText: { label: "LinkedIn", icon: IconBrandLinkedin },
  facebook: { label: "Facebook", icon: IconBrandFacebook },
  reddit: { label: "Reddit", icon: IconBrandReddit },
  hackernews: { label: "Hacker News", icon: IconBrandYcombinator },
  telegram: { label: "Telegram", icon: IconBrandTelegram },
  whatsapp: { label: "WhatsApp", icon: IconBrandWhatsapp },
  email: { label: "Email", icon: IconMail },
};

export type ShareButtonsProps = Omit<ShareRequest, "network"> & { networks: readonly string[] };

/** One button per network; each opens the share URL (popup for http(s), new tab otherwise). */
export function ShareButtons({ networks, ...request }: ShareButtonsProps) {
  return (
    <Group gap={6} aria-label="Share" role="group">
      {networks.map((network) => {
        const ui = NETWORK_UI[network] ?? { label: network, icon: IconShare };
        const Icon = ui.icon;
        return (
          <Tooltip key={network} label={`Share on ${ui.label}`} withArrow>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Share on ${ui.label}`}
              data-network={network}
              onClick={() => openShareUrl(buildShareUrl({ ...request, network }, { userAgent: navigator.userAgent }))}
            >
              <Icon size={18} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
