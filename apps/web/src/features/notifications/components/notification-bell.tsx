import { ActionIcon, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { IconBell } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { onSocketEvent } from "../../../lib/socket.ts";
import { useMarkAllRead, useNotificationList, useUnreadCount } from "../api/notifications.ts";
import { NotificationItem } from "./notification-item.tsx";
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

/** The header's bell: unread count, and the list in a popover (newest first, 15 a page, mark read). */
export function NotificationBell({ profile }: { profile: OwnProfile }) {
  const [opened, setOpened] = useState(false);
  useLiveNotifications();
  const unread = useUnreadCount(true);
  const list = useNotificationList(opened);
  const markAll = useMarkAllRead();
  const count = unread.data ?? 0;
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;

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
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={700}>Notifications</Text>
          <Button size="compact-xs" variant="subtle" disabled={count === 0} onClick={() => markAll.mutate(undefined)}>
            Mark all read
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420} type="auto">
          {list.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label="Loading notifications" />
            </Group>
          ) : items.length === 0 ? (
            <Text c="dimmed" p="md" ta="center">
              Nothing new. Requests, badges and more show up here.
            </Text>
          ) : (
            <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: "none" }} data-notification-list>
              {items.map((n) => (
                <NotificationItem
                  key={n.id}
                  notification={n}
                  username={profile.username}
                  onNavigate={() => setOpened(false)}
                />
              ))}
            </Stack>
          )}
          {list.hasNextPage && (
            <Group justify="center" p="xs">
              <Button
                size="xs"
                variant="default"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          )}
        </ScrollArea.Autosize>
        {items.length > 0 && (
          <Text size="xs" c="dimmed" px="sm" py={6} ta="right">
            {`Showing ${items.length} of ${total}`}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
