import { Anchor, Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useMarkAllRead, useNotificationList, useUnreadCount } from "../api/notifications.ts";
import { NotificationList, showingCount } from "../components/notification-list.tsx";
import classes from "../components/notifications.module.css";

/** /notifications: every notification, newest first, 15 a page as in the bell, with mark all read. */
export function NotificationsPage() {
  const { profile } = useSession();
  const list = useNotificationList(Boolean(profile));
  const unread = useUnreadCount(Boolean(profile));
  const markAll = useMarkAllRead();
  const showing = showingCount(list);
  const count = unread.data ?? 0;
  if (!profile) return null;
  return (
    <div className={classes.page}>
      <PageHeader eyebrow="// inbox" title="Notifications">
        <p>
          {"Requests, reviews, badges and what happened to your reports. Choose what you hear about in "}
          <Anchor component={Link} to="/settings?tab=notifications">
            Settings → Notifications
          </Anchor>
          .
        </p>
      </PageHeader>
      <Group justify="space-between" className={classes.toolbar}>
        <Text c="dimmed" size="sm" data-unread-summary>
          {count === 0 ? "All read." : `${count} unread`}
        </Text>
        <Button variant="default" size="sm" disabled={count === 0} onClick={() => markAll.mutate(undefined)}>
          Mark all read
        </Button>
      </Group>
      <section aria-label="Your notifications" className={`nl-panel ${classes.panel}`}>
        <NotificationList list={list} username={profile.username} />
      </section>
      {showing && (
        <Text size="sm" c="dimmed" mt="xs" ta="right" data-notifications-showing>
          {showing}
        </Text>
      )}
    </div>
  );
}
