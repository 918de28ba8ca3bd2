import { Anchor, Badge, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { CLASSROOM_NAME_MAX, type ClassroomSummary } from "@neonlab/shared/schemas/classrooms";
import { IconPlus, IconSchool } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { PageProblem } from "../../../components/page-problem.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toasts.ts";
import { useClassrooms, useCreateClassroom, useJoinClassroom, useMyAssignments } from "../api/classrooms.ts";
import classes from "../components/classrooms.module.css";
import { assignmentTitle, dueText, KIND_LABELS } from "../lib.ts";

function ClassroomCard({ room }: { room: ClassroomSummary }) {
  const teachers = room.teachers.map((t) => t.display_name).join(", ") || "No teacher";
  return (
    <article className={`nl-panel ${classes.card}`} data-classroom={room.id}>
      <h3 className={classes.cardTitle}>
        <Anchor component={Link} to={`/classrooms/${room.id}`}>
          {room.name}
        </Anchor>
      </h3>
      <Text size="sm">{`Taught by ${teachers}`}</Text>
      <Group gap={6}>
        {room.role === "teacher" && (
          <Badge variant="outline" color="cyan" size="sm">
            {`${room.member_count} ${room.member_count === 1 ? "member" : "members"}`}
          </Badge>
        )}
        <Badge variant="outline" color="gray" size="sm">
          {`${room.assignment_count} ${room.assignment_count === 1 ? "assignment" : "assignments"}`}
        </Badge>
        {room.closed && (
          <Badge color="red" size="sm">
            Closed
          </Badge>
        )}
      </Group>
    </article>
  );
}

function JoinForm() {
  const [code, setCode] = useState("");
  const join = useJoinClassroom();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate(code, {
      onSuccess: (room) => {
        toast.success(`You joined ${room.name}.`);
        navigate(`/classrooms/${room.id}`);
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label="Join a classroom">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Join code"
          description="10 characters, from your teacher"
          placeholder="XXXXX-XXXXX"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={join.error ? errorMessage(join.error) : undefined}
          maxLength={40}
          autoComplete="off"
          style={{ flex: "1 1 14rem" }}
        />
        <Button type="submit" loading={join.isPending} disabled={!code.trim()}>
          Join
        </Button>
      </Group>
    </form>
  );
}

function CreateForm() {
  const [name, setName] = useState("");
  const create = useCreateClassroom();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    create.mutate(
      { name, time_zone: timeZone },
      {
        onSuccess: (room) => navigate(`/classrooms/${room.id}`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Create a classroom">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="New classroom"
          description="Due dates follow your time zone"
          placeholder="e.g. Period 3 · Web basics"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={CLASSROOM_NAME_MAX}
          style={{ flex: "1 1 14rem" }}
        />
        <Button type="submit" leftSection={<IconPlus size={18} />} loading={create.isPending} disabled={!name.trim()}>
          Create
        </Button>
      </Group>
    </form>
  );
}

/** /classrooms: the classrooms the learner teaches and belongs to, what they assigned, join and create. */
export function ClassroomsPage() {
  const { profile } = useSession();
  const list = useClassrooms();
  const assigned = useMyAssignments();
  const canTeach = profile?.has_access === true;

  return (
    <Stack gap="xl">
      <PageHeader eyebrow="Learn together" title="Classrooms">
        Join a teacher's classroom with a code, or teach one: assign courses, chapters and guided projects and follow
        your members' progress on them.
      </PageHeader>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <section className={`nl-panel ${classes.panel}`}>
          <JoinForm />
        </section>
        <section className={`nl-panel ${classes.panel}`}>
          {canTeach ? (
            <CreateForm />
          ) : (
            <Text>
              <IconSchool size={18} aria-hidden="true" style={{ verticalAlign: "text-bottom" }} /> Teaching a classroom
              comes with{" "}
              <Anchor component={Link} to="/pricing">
                Pro
              </Anchor>
              .
            </Text>
          )}
        </section>
      </SimpleGrid>

      {list.isPending ? (
        <Loader aria-label="Loading your classrooms" />
      ) : list.isError ? (
        <PageProblem
          title="Your classrooms could not be loaded"
          message={errorMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          {(assigned.data?.length ?? 0) > 0 && (
            <Stack gap="sm" component="section" aria-labelledby="assigned-heading">
              <Title order={2} size="h3" id="assigned-heading">
                Assigned to you
              </Title>
              <ul className={classes.grid} style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {assigned.data?.map((a) => (
                  <li key={`${a.classroom_id}-${a.id}`} className={`nl-panel ${classes.card}`} data-assignment={a.id}>
                    <Group gap={6}>
                      <Badge color="magenta" size="sm">
                        Assigned
                      </Badge>
                      <Badge variant="outline" color="gray" size="sm">
                        {KIND_LABELS[a.kind]}
                      </Badge>
                    </Group>
                    <Anchor component={Link} to={a.path} fw={700}>
                      {assignmentTitle(a)}
                    </Anchor>
                    <Text size="sm">{`${dueText(a)} · ${a.classroom_name}`}</Text>
                  </li>
                ))}
              </ul>
            </Stack>
          )}
          <Stack gap="sm" component="section" aria-labelledby="teaching-heading">
            <Title order={2} size="h3" id="teaching-heading">
              Teaching
            </Title>
            {list.data.teaching.length === 0 ? (
              <Text c="dimmed">You teach no classroom yet.</Text>
            ) : (
              <div className={classes.grid}>
                {list.data.teaching.map((room) => (
                  <ClassroomCard key={room.id} room={room} />
                ))}
              </div>
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="member-heading">
            <Title order={2} size="h3" id="member-heading">
              Member of
            </Title>
            {list.data.member_of.length === 0 ? (
              <Text c="dimmed">You are in no classroom. Ask your teacher for a join code or link.</Text>
            ) : (
              <div className={classes.grid}>
                {list.data.member_of.map((room) => (
                  <ClassroomCard key={room.id} room={room} />
                ))}
              </div>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
