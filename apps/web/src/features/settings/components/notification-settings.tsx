import { Button, Divider, Loader, Stack, Switch, Text } from "@mantine/core";
import { NOTIFICATION_KINDS, type NotificationKind, STAFF_NOTIFICATION_KINDS } from "@neonlab/shared/realtime";
import { isStaff } from "@neonlab/shared/roles";
import type { NotificationPreferences } from "@neonlab/shared/schemas/community";
import { useEffect, useState } from "react";
import { useSession } from "../../../lib/session.tsx";
import { KIND_LABELS, usePreferences, useSavePreferences } from "../../notifications/index.ts";

/** Settings → Notifications: pause all, and each kind on or off. At most one of a kind about the same thing an hour. */
export function NotificationSettings() {
  const saved = usePreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  // Blogs waiting for review reach only moderators and admins: only they see that switch.
  const staff = isStaff(useSession().profile?.role);
  const kinds = NOTIFICATION_KINDS.filter((kind) => staff || !STAFF_NOTIFICATION_KINDS.includes(kind));
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  if (!draft) return <Loader aria-label="Loading your notification settings" />;
  const toggle = (kind: NotificationKind, on: boolean) =>
    setDraft({ ...draft, disabled: on ? draft.disabled.filter((k) => k !== kind) : [...draft.disabled, kind] });

  return (
    <Stack
      gap="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <Switch
        label="Pause all notifications"
        description="Nothing new arrives while paused; what you have stays."
        checked={draft.paused}
        onChange={(e) => setDraft({ ...draft, paused: e.currentTarget.checked })}
      />
      <Divider />
      <Text size="sm" c="dimmed">
        Choose what you hear about. You never get more than one notification of a kind about the same thing in an hour.
      </Text>
      {kinds.map((kind) => (
        <Switch
          key={kind}
          label={KIND_LABELS[kind]}
          checked={!draft.disabled.includes(kind)}
          disabled={draft.paused}
          onChange={(e) => toggle(kind, e.currentTarget.checked)}
        />
      ))}
      <div>
        <Button type="submit" loading={save.isPending}>
          Save notification settings
        </Button>
      </div>
    </Stack>
  );
}
