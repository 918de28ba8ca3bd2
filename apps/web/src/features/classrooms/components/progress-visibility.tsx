import { Anchor, Button, Group, List, Loader, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useClassrooms, useLeaveClassroom } from "../api/classrooms.ts";

/** Settings: every classroom whose teachers can see the learner's progress, each with Leave. */
export function ProgressVisibility() {
  const list = useClassrooms();
  const leave = useLeaveClassroom();
  if (list.isPending) return <Loader size="sm" aria-label="Loading your classrooms" />;
  if (list.isError) return <Text c="red">{errorMessage(list.error)}</Text>;
  const open = list.data.member_of.filter((c) => !c.closed);
  if (open.length === 0) return <Text>No classroom can see your progress.</Text>;
  return (
    <Stack gap="xs">
      <Text>
        These classrooms' teachers see your progress on what they assigned (lessons done, quiz first tries, last
        activity), nothing else. Leaving ends it at once.
      </Text>
      <List spacing="xs" listStyleType="none">
        {open.map((c) => (
          <List.Item key={c.id} data-visible-to={c.id}>
            <Group gap="sm" wrap="wrap">
              <Anchor component={Link} to={`/classrooms/${c.id}`}>
                {c.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {c.teachers.map((t) => t.display_name).join(", ")}
              </Text>
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  leave.mutate(c.id, {
                    onSuccess: () => toast.success(`You left ${c.name}.`),
                    onError: (error) => toast.error(errorMessage(error)),
                  })
                }
              >
                {`Leave ${c.name}`}
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
