import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Text } from "@mantine/core";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { IconBell } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { onSocketEvent } from "../../../lib/socket.ts";
import { useMarkAllRead, useNotificationList, useUnreadCount } from "../api/notifications.ts";
import { NotificationList, showingCount } from "./notification-list.tsx";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Refreshes the count and the list whenever the server says something arrived or went (any tab, no reload). */
function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all() });
    const offs = [
      onSocketEvent("notification", (payload) => {
        refresh();
        if (payload.kind.startsWith("connection_"))
          void queryClient.invalidateQueries({ queryKey: queryKeys.connections.all() });
        // A blog sent for review: the staff's queue and its count in the menus.
        if (payload.kind === "blog_submitted")
          void queryClient.invalidateQueries({ queryKey: queryKeys.blogs.pendingPages() });
      }),
      onSocketEvent("notification:removed", refresh),
      // Whatever arrived while the socket was away.
      onSocketEvent("connect", refresh),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}

const countLabel = (n: number) => (n > 99 ? "99+" : String(n));

/** The header's bell: unread count, and the list in a popover (newest first, 15 a page, mark read, see all). */
export function NotificationBell({ profile }: { profile: OwnProfile }) {
  const [opened, setOpened] = useState(false);
  useLiveNotifications();
  const unread = useUnreadCount(true);
  const list = useNotificationList(opened);
  const markAll = useMarkAllRead();
  const count = unread.data ?? 0;
  const showing = showingCount(list);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal trapFocus>
      <Indicator
        label={countLabel(count)}
        size={18}
        color="magenta"
        disabled={count === 0}
        offset={4}
        data-unread={count}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={count > 0 ? `Notifications, ${count} unread` : "Notifications"}
            onClick={() => setOpened((o) => !o)}
            data-notification-bell
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications" role="dialog">
        <Group
          justify="space-between"
          px="sm"
          py="xs"
          style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
        >
          <Text fw={700}>Notifications</Text>
          <Button size="compact-xs" variant="subtle" disabled={count === 0} onClick={() => markAll.mutate(undefined)}>
            Mark all read
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420} type="auto">
          <NotificationList list={list} username={profile.username} onNavigate={() => setOpened(false)} />
        </ScrollArea.Autosize>
        <Group
          justify="space-between"
          px="sm"
          py={6}
          style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
        >
          <Anchor
            component={Link}
            to="/notifications"
            size="sm"
            aria-label="See all notifications"
            onClick={() => setOpened(false)}
          >
            See all
          </Anchor>
          {showing && (
            <Text size="xs" c="dimmed">
              {showing}
            </Text>
          )}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
