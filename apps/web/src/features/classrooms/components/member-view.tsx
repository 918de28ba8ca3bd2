import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { ClassroomDetail } from "@neonlab/shared/schemas/classrooms";
import { IconDoorExit } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useLeaveClassroom } from "../api/classrooms.ts";
import { assignmentTitle, dueText, KIND_LABELS } from "../lib.ts";
import classes from "./classrooms.module.css";

/** A member's view: who teaches, what is assigned and when it is due, and leaving. */
export function MemberView({ room }: { room: ClassroomDetail }) {
  const leave = useLeaveClassroom();
  const navigate = useNavigate();
  const onLeave = async () => {
    const sure = await openConfirmDialog({
      title: "Leave this classroom?",
      message: `Its teachers stop seeing your progress at once. You can join again with a code.`,
      confirmLabel: "Leave",
      confirmColor: "red",
    });
    if (!sure) return;
    leave.mutate(room.id, {
      onSuccess: () => {
        toast.success(`You left ${room.name}.`);
        navigate("/classrooms");
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <Stack gap="lg">
      <section className={`nl-panel ${classes.panel}`} aria-labelledby="teachers-heading">
        <Title order={2} size="h4" id="teachers-heading">
          Teachers
        </Title>
        <Text>
          {room.teachers.length === 0
            ? "This classroom has no teacher any more."
            : room.teachers.map((t, i) => (
                <span key={t.user_id}>
                  {i > 0 && ", "}
                  <Anchor component={Link} to={`/profile/${t.username}`}>
                    {t.display_name}
                  </Anchor>
                </span>
              ))}
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          They see your lessons done, quiz first tries and last activity on this classroom's assignments only — never
          your e-mail, other courses, reflections, tutor chats or wallet.
        </Text>
      </section>
      <Stack gap="sm" component="section" aria-labelledby="work-heading">
        <Title order={2} size="h4" id="work-heading">
          Assignments
        </Title>
        {room.assignments.length === 0 ? (
          <Text c="dimmed">Nothing assigned yet.</Text>
        ) : (
          <ul className={classes.grid} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {room.assignments.map((a) => (
              <li key={a.id} className={`nl-panel ${classes.card}`} data-assignment={a.id}>
                <Group gap={6}>
                  <Badge color="magenta" size="sm">
                    Assigned
                  </Badge>
                  <Badge variant="outline" color="gray" size="sm">
                    {KIND_LABELS[a.kind]}
                  </Badge>
                  {a.premium && (
                    <Badge variant="outline" color="magenta" size="sm">
                      Pro
                    </Badge>
                  )}
                </Group>
                <Anchor component={Link} to={a.path} fw={700}>
                  {assignmentTitle(a)}
                </Anchor>
                <Text size="sm">{dueText(a)}</Text>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      {
        <Group>
          <Button
            variant="default"
            color="red"
            leftSection={<IconDoorExit size={18} />}
            onClick={() => void onLeave()}
            loading={leave.isPending}
          >
            Leave classroom
          </Button>
        </Group>
      }
    </Stack>
  );
}
