import { Button, CopyButton, Group, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import type { ClassroomDetail } from "@neonlab/shared/schemas/classrooms";
import { formatJoinCode } from "@neonlab/shared/schemas/classrooms";
import { IconCopy, IconDownload, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { PageProblem } from "../../../components/page-problem.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import {
  downloadProgressCsv,
  joinLink,
  useClassroomProgress,
  useCloseClassroom,
  useRotateCode,
} from "../api/classrooms.ts";
import { AssignForm } from "./assign-form.tsx";
import classes from "./classrooms.module.css";
import { ByAssignment } from "./by-assignment.tsx";
import { ByMember } from "./by-member.tsx";
import { People } from "./people.tsx";

/** The teachers' view: code and link, assigning, progress per member and per assignment, people, closing. */
export function TeacherDashboard({ room }: { room: ClassroomDetail }) {
  const progress = useClassroomProgress(room.id, !room.closed);
  const rotate = useRotateCode();
  const close = useCloseClassroom();
  const [downloading, setDownloading] = useState(false);
  const onRotate = async () => {
    const sure = await openConfirmDialog({
      title: "Make a new join code?",
      message: "The current code and link stop working. Members stay.",
      confirmLabel: "New code",
    });
    if (sure) rotate.mutate(room.id, { onError: (error) => toast.error(errorMessage(error)) });
  };
  const onClose = async () => {
    const sure = await openConfirmDialog({
      title: "Close this classroom?",
      message: "Nobody can join, nothing more can be assigned and the progress view ends. This can not be undone.",
      confirmLabel: "Close classroom",
      confirmColor: "red",
    });
    if (sure) close.mutate(room.id, { onError: (error) => toast.error(errorMessage(error)) });
  };
  const onCsv = async () => {
    setDownloading(true);
    try {
      await downloadProgressCsv(room.id);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      {room.join_code && (
        <section className={`nl-panel ${classes.panel}`} aria-labelledby="code-heading">
          <Group justify="space-between" wrap="wrap" gap="md">
            <Stack gap={4}>
              <Title order={2} size="h4" id="code-heading">
                Join code
              </Title>
              <Text className={classes.code} data-join-code={room.join_code}>
                {formatJoinCode(room.join_code)}
              </Text>
            </Stack>
            <Group gap="sm">
              <CopyButton value={joinLink(room.join_code)}>
                {({ copied, copy }) => (
                  <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                    {copied ? "Link copied" : "Copy join link"}
                  </Button>
                )}
              </CopyButton>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                onClick={() => void onRotate()}
                loading={rotate.isPending}
              >
                New code
              </Button>
            </Group>
          </Group>
        </section>
      )}
      {!room.closed && (
        <section className={`nl-panel ${classes.panel}`} aria-label="Assign">
          <AssignForm classroomId={room.id} timeZone={room.time_zone} />
        </section>
      )}
      {room.closed ? (
        <Text c="dimmed">This classroom is closed: its progress view has ended.</Text>
      ) : progress.isPending ? (
        <Loader aria-label="Loading progress" />
      ) : progress.isError ? (
        <PageProblem
          title="Progress could not be loaded"
          message={errorMessage(progress.error)}
          onRetry={() => void progress.refetch()}
          back={{ to: "/classrooms", label: "All classrooms" }}
        />
      ) : (
        <Tabs defaultValue="members" keepMounted={false}>
          <Group justify="space-between" wrap="wrap" gap="sm" mb="md">
            <Tabs.List>
              <Tabs.Tab value="members">By member</Tabs.Tab>
              <Tabs.Tab value="assignments">By assignment</Tabs.Tab>
              <Tabs.Tab value="people">People</Tabs.Tab>
            </Tabs.List>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void onCsv()}
              loading={downloading}
            >
              Download CSV
            </Button>
          </Group>
          <Tabs.Panel value="members">
            <ByMember progress={progress.data} />
          </Tabs.Panel>
          <Tabs.Panel value="assignments">
            <ByAssignment progress={progress.data} classroomId={room.id} />
          </Tabs.Panel>
          <Tabs.Panel value="people">
            <People room={room} />
          </Tabs.Panel>
        </Tabs>
      )}
      {!room.closed && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => void onClose()} loading={close.isPending}>
            Close classroom
          </Button>
        </Group>
      )}
    </Stack>
  );
}
