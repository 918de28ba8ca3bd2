import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { formatJoinCode, normalizeJoinCode } from "@neonlab/shared/schemas/classrooms";
import { IconSchool } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useJoinClassroom } from "../api/classrooms.ts";
import classes from "../components/classrooms.module.css";

/** /classrooms/join/:code: a teacher's join link. Joining is a choice: the button, never the visit. */
export function JoinClassroomPage() {
  const code = normalizeJoinCode(useParams().code ?? "");
  const join = useJoinClassroom();
  const navigate = useNavigate();
  const onJoin = () =>
    join.mutate(code, {
      onSuccess: (room) => {
        toast.success(`You joined ${room.name}.`);
        navigate(`/classrooms/${room.id}`, { replace: true });
      },
    });
  return (
    <Stack gap="lg" maw={560}>
      <PageHeader eyebrow="Classrooms" title="Join a classroom">
        Its teachers will see your progress on what the classroom assigns — lessons done, quiz first tries, last
        activity — and nothing else, for as long as you stay. You can leave any time.
      </PageHeader>
      <section className={`nl-panel ${classes.panel}`}>
        <Stack gap="md">
          <Text>
            Join code <span className={classes.code}>{formatJoinCode(code)}</span>
          </Text>
          {join.isError && (
            <Alert color="red" role="alert" title="Could not join">
              {errorMessage(join.error)}
            </Alert>
          )}
          <Group gap="sm">
            <Button leftSection={<IconSchool size={18} />} onClick={onJoin} loading={join.isPending}>
              Join classroom
            </Button>
            <Button component={Link} to="/classrooms" variant="default">
              Not now
            </Button>
          </Group>
        </Stack>
      </section>
    </Stack>
  );
}
