import { Avatar, Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { Notification } from "@neonlab/shared/schemas/community";
import { IconBell } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useConnectionAction } from "../../connections/index.ts";
import { useMarkRead } from "../api/notifications.ts";
import { notificationLink, notificationText } from "../kinds.ts";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One notification: what happened, when; unread ones are marked; a request can be answered here. */
export function NotificationItem({
  notification: n,
  username,
  onNavigate,
}: {
  notification: Notification;
  username: string;
  onNavigate: () => void;
}) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const answer = useConnectionAction();
  const link = notificationLink(n, username);
  const open = () => {
    if (!n.read) markRead.mutate(n.id);
    if (link) {
      onNavigate();
      navigate(link);
    }
  };

  return (
    <li
      data-notification={n.kind}
      data-read={n.read}
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Group
        gap="sm"
        wrap="nowrap"
        align="flex-start"
        p="sm"
        bg={n.read ? undefined : "var(--mantine-color-default-hover)"}
      >
        <Avatar src={n.actor?.avatar} name={n.actor?.display_name} color="initials" radius="xl" size="md" alt="">
          {!n.actor && <IconBell size={18} />}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <UnstyledButton onClick={open}>
            <Text size="sm" fw={n.read ? 400 : 600}>
              {notificationText(n)}
              {!n.read && <VisuallyHidden> (unread)</VisuallyHidden>}
            </Text>
            <Text size="xs" c="dimmed">
              {when.format(new Date(n.created_at))}
            </Text>
          </UnstyledButton>
          {n.kind === "connection_request" && n.actor && (
            <Group gap="xs">
              <Button
                size="compact-xs"
                loading={answer.isPending && answer.variables?.action === "accept"}
                disabled={answer.isPending}
                onClick={() => answer.mutate({ action: "accept", userId: n.actor?.id ?? "" })}
              >
                Accept
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                loading={answer.isPending && answer.variables?.action === "decline"}
                disabled={answer.isPending}
                onClick={() => answer.mutate({ action: "decline", userId: n.actor?.id ?? "" })}
              >
                Decline
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </li>
  );
}
