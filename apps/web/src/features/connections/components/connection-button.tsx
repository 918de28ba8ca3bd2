import { Button, Group, Loader, Text } from "@mantine/core";
import type { Relationship } from "@neonlab/shared/schemas/community";
import { IconBan, IconCheck, IconUserCheck, IconUserPlus, IconX } from "@tabler/icons-react";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { type ConnectionAction, useConnectionAction, useRelationship } from "../api/connections.ts";

type Choice = { action: ConnectionAction; label: string; variant?: string; color?: string; icon?: React.ReactNode };

/** What the profile offers for each relationship (Connect / Pending — Cancel / Accept · Decline / Connected — Remove). */
const CHOICES: Record<Exclude<Relationship, "self">, { state?: string; choices: Choice[] }> = {
  none: { choices: [{ action: "request", label: "Connect", icon: <IconUserPlus size={16} /> }] },
  outgoing: { state: "Pending", choices: [{ action: "cancel", label: "Cancel", variant: "default" }] },
  incoming: {
    state: "Wants to connect",
    choices: [
      { action: "accept", label: "Accept", icon: <IconCheck size={16} /> },
      { action: "decline", label: "Decline", variant: "default", icon: <IconX size={16} /> },
    ],
  },
  connected: {
    state: "Connected",
    choices: [{ action: "remove", label: "Remove", variant: "default", color: "red" }],
  },
  blocked: { state: "Blocked", choices: [{ action: "unblock", label: "Unblock", variant: "default" }] },
};

/** How a relationship reads where no action is offered for it (the people search's rows). */
export const relationshipState = (relationship: Exclude<Relationship, "self">): string | undefined =>
  CHOICES[relationship].state;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The connection control on another user's profile (signed in only). */
export function ConnectionButton({ userId, name }: { userId: string; name: string }) {
  const relationship = useRelationship(userId, true);
  const run = useConnectionAction();
  if (relationship.isPending) return <Loader size="xs" aria-label="Loading the connection" />;
  if (relationship.isError || relationship.data === "self") return null;
  const { state, choices } = CHOICES[relationship.data];
  return (
    <Group gap="xs" data-relationship={relationship.data} wrap="wrap">
      {state && (
        <Text size="sm" c="dimmed" component="span" style={{ whiteSpace: "nowrap" }}>
          {relationship.data === "connected" && <IconUserCheck size={16} aria-hidden="true" />} {state}
          {choices.length > 0 && " —"}
        </Text>
      )}
      {choices.map((choice) => (
        <Button
          key={choice.action}
          size="sm"
          variant={choice.variant ?? "filled"}
          color={choice.color}
          leftSection={choice.icon}
          loading={run.isPending && run.variables?.action === choice.action}
          disabled={run.isPending}
          onClick={() => run.mutate({ action: choice.action, userId })}
        >
          {choice.label}
        </Button>
      ))}
      {relationship.data !== "blocked" && (
        <Button
          size="sm"
          variant="subtle"
          color="red"
          leftSection={<IconBan size={16} />}
          disabled={run.isPending}
          onClick={async () => {
            const confirmed = await openConfirmDialog({
              title: "Block this user?",
              message: `Blocking ends any connection or request between you and ${escapeHtml(name)}, refuses their requests and hides them from your lists. You can unblock them later.`,
              confirmLabel: "Block",
              confirmColor: "red",
            });
            if (confirmed) run.mutate({ action: "block", userId });
          }}
        >
          Block
        </Button>
      )}
    </Group>
  );
}
