import { Avatar, Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { Notification } from "@neonlab/shared/schemas/community";
import { IconBell } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useFormatDate } from "../../../lib/dates.ts";
import { useConnectionAction } from "../../connections/index.ts";
import { useMarkRead } from "../api/notifications.ts";
import { describeNotification } from "../kinds.ts";
import classes from "./notifications.module.css";

/**
 * One notification: what happened and what about, when (in the reader's locale and zone), as a link to it;
 * unread ones are marked (opening one marks it read); a connection request can be answered here.
 */
export function NotificationItem({
  notification: n,
  username,
  onNavigate,
}: {
  notification: Notification;
  username: string;
  onNavigate?: () => void;
}) {
  const markRead = useMarkRead();
  const answer = useConnectionAction();
  const formatDate = useFormatDate();
  const view = describeNotification(n, { username, formatDate: (iso) => formatDate(iso) });
  const read = () => {
    if (!n.read) markRead.mutate(n.id);
  };
  const body: ReactNode = (
    <>
      <Text size="sm" fw={n.read ? 400 : 600} component="span" className={classes.line}>
        {view.text}
        {!n.read && <VisuallyHidden> (unread)</VisuallyHidden>}
      </Text>
      {view.subject && (
        <Text size="sm" component="span" className={`${classes.line} ${classes.subject}`} data-notification-subject>
          {view.subject}
        </Text>
      )}
    </>
  );

  return (
    <li data-notification={n.kind} data-read={n.read} className={classes.item}>
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
        <Stack gap={4} className={classes.main}>
          {view.link ? (
            <Link
              to={view.link}
              className={classes.link}
              onClick={() => {
                read();
                onNavigate?.();
              }}
            >
              {body}
            </Link>
          ) : (
            <UnstyledButton onClick={read} className={classes.link}>
              {body}
            </UnstyledButton>
          )}
          <Text size="xs" c="dimmed">
            <time dateTime={n.created_at}>{formatDate(n.created_at, "dateTime")}</time>
          </Text>
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
