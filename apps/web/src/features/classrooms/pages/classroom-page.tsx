import { Anchor, Badge, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { PageProblem } from "../../../components/page-problem.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useClassroom } from "../api/classrooms.ts";
import { MemberView } from "../components/member-view.tsx";

// The dashboard's tables, tabs and forms load apart: the route's own preload list (in the first route) stays short.
const TeacherDashboard = lazy(() =>
  import("../components/teacher-dashboard.tsx").then((m) => ({ default: m.TeacherDashboard })),
);

/** /classrooms/:id: the teachers' dashboard, or a member's view. Anyone else: not found. */
export function ClassroomPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const room = useClassroom(valid ? id : 0);
  if (!valid || (room.isError && room.error instanceof ApiError && room.error.statusCode === 404)) {
    return (
      <PageProblem
        title="Classroom not found"
        message="There is no such classroom, or you are not in it."
        back={{ to: "/classrooms", label: "Your classrooms" }}
      />
    );
  }
  if (room.isPending)
    return (
      <Center mih="40vh">
        <Loader aria-label="Loading the classroom" />
      </Center>
    );
  if (room.isError)
    return (
      <PageProblem
        title="The classroom could not be loaded"
        message={errorMessage(room.error)}
        onRetry={() => void room.refetch()}
        back={{ to: "/classrooms", label: "Your classrooms" }}
      />
    );
  const data = room.data;
  return (
    <Stack gap="lg">
      <PageHeader
        eyebrow="Classroom"
        title={
          <Group gap="sm" component="span">
            {data.name}
            {data.closed && <Badge color="red">Closed</Badge>}
          </Group>
        }
      >
        <Text>
          {data.role === "teacher"
            ? `You teach this classroom · ${data.member_count} ${data.member_count === 1 ? "member" : "members"} · due dates in ${data.time_zone}`
            : `Taught by ${data.teachers.map((t) => t.display_name).join(", ") || "no one"} · due dates in ${data.time_zone}`}
        </Text>
        <Anchor component={Link} to="/classrooms" size="sm">
          All classrooms
        </Anchor>
      </PageHeader>
      {data.role === "teacher" ? (
        <Suspense fallback={<Loader aria-label="Loading the dashboard" />}>
          <TeacherDashboard room={data} />
        </Suspense>
      ) : (
        <MemberView room={data} />
      )}
    </Stack>
  );
}
