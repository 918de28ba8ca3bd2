import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { MESSAGES } from "@neonlab/shared/messages";
import { canonicalTimeZone, type OwnProfile } from "@neonlab/shared/schemas/profile";
import { IconWorld } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { browserTimeZone, dismissTimeZoneOffer, sameClock, timeZoneOfferDismissed } from "../../../lib/time-zone.ts";
import { toast } from "../../../lib/toasts.ts";
import { useUpdateProfile } from "../../../lib/update-profile.ts";

/** The browser's zone when Settings should offer it: a zone the server takes, keeping another clock than the saved one. */
function offeredZone(saved: string): string | null {
  const zone = canonicalTimeZone(browserTimeZone());
  if (!zone || sameClock(zone, saved) || timeZoneOfferDismissed(zone)) return null;
  return zone;
}

/**
 * Settings: when this browser is in another time zone than the saved one, offers to switch ("Use <zone>"), or
 * to keep the saved one; either way the offer is not made again for that zone (remembered in localStorage).
 */
export function TimeZoneNotice({ profile }: { profile: OwnProfile }) {
  const saved = profile.time_zone;
  // Decided once per visit: a dismissal or a switch hides it, a later change of the setting does not bring it back.
  const [zone, setZone] = useState(() => offeredZone(saved));
  const update = useUpdateProfile();
  if (!zone || zone === saved) return null;

  const dismiss = () => {
    dismissTimeZoneOffer(zone);
    setZone(null);
  };
  const use = () =>
    update.mutate(
      { time_zone: zone },
      {
        onSuccess: () => {
          toast.success(MESSAGES.profileUpdated);
          setZone(null);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="time-zone-notice-title">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <IconWorld size={22} aria-hidden="true" style={{ flex: "none", color: "var(--nl-accent-2)" }} />
        <Stack gap="xs">
          <Text fw={700} id="time-zone-notice-title">
            Your browser is in another time zone
          </Text>
          <Text size="sm">
            Your streak days follow <strong>{saved}</strong>; this browser is set to <strong>{zone}</strong>.
          </Text>
          <Group gap="xs">
            <Button size="xs" loading={update.isPending} onClick={use}>
              Use {zone}
            </Button>
            <Button size="xs" variant="default" disabled={update.isPending} onClick={dismiss}>
              Dismiss
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
