import { Button, Group, Loader, Text } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client.ts";
import type { useNotificationList } from "../api/notifications.ts";
import { NotificationItem } from "./notification-item.tsx";
import classes from "./notifications.module.css";

/**
 * The notifications as the bell and /notifications show them: newest first, 15 a page (the server's keyset
 * pages), "Load more" for the next 15.
 */
export function NotificationList({
  list,
  username,
  onNavigate,
}: {
  list: ReturnType<typeof useNotificationList>;
  username: string;
  onNavigate?: () => void;
}) {
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label="Loading notifications" />
      </Group>
    );
  if (list.isError)
    return (
      <Text role="alert" p="md">
        {errorMessage(list.error)}
      </Text>
    );
  if (items.length === 0)
    return (
      <Text c="dimmed" p="md" ta="center" data-notifications-empty>
        Nothing new. Requests, badges and more show up here.
      </Text>
    );
  return (
    <>
      <ul className={classes.list} data-notification-list>
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} username={username} onNavigate={onNavigate} />
        ))}
      </ul>
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
    </>
  );
}

/** "Showing 15 of 40": how many of the exact total are listed. */
export function showingCount(list: ReturnType<typeof useNotificationList>): string | null {
  const pages = list.data?.pages ?? [];
  const shown = pages.reduce((sum, p) => sum + p.items.length, 0);
  return shown > 0 ? `Showing ${shown} of ${pages[0]?.total ?? shown}` : null;
}
