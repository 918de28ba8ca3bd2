import { ActionIcon, Anchor, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import type { Assignment, ClassroomProgress } from "@neonlab/shared/schemas/classrooms";
import { IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useUnassign } from "../api/classrooms.ts";
import { assignmentTitle, dueText, KIND_LABELS, percentText } from "../lib.ts";
import { TableScroll } from "./table-scroll.tsx";

export function ByAssignment({ progress, classroomId }: { progress: ClassroomProgress; classroomId: number }) {
  const unassign = useUnassign();
  if (progress.assignments.length === 0) return <Text c="dimmed">Nothing assigned yet.</Text>;
  const onRemove = async (a: Assignment) => {
    const sure = await openConfirmDialog({
      title: "Take this assignment back?",
      message: "Members keep their progress; it leaves this classroom's dashboard.",
      confirmLabel: "Take back",
      confirmColor: "red",
    });
    if (sure)
      unassign.mutate(
        { id: classroomId, assignmentId: a.id },
        { onError: (error) => toast.error(errorMessage(error)) },
      );
  };
  return (
    <TableScroll label="Progress by assignment, scrollable">
      <Table aria-label="Progress by assignment">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assignment</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Finished</Table.Th>
            <Table.Th>On time</Table.Th>
            <Table.Th>Late or overdue</Table.Th>
            <Table.Th>Quiz first try</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {progress.assignments.map((a) => {
            const cells = progress.members.flatMap((m) => m.cells.filter((c) => c.assignment_id === a.id));
            const finished = cells.filter((c) => c.finished_at).length;
            const onTime = cells.filter((c) => c.status === "on_time").length;
            const late = cells.filter((c) => c.status === "late" || c.status === "overdue").length;
            const tried = cells.filter((c) => c.quiz_first_try !== null);
            const accuracy = tried.length
              ? tried.reduce((n, c) => n + (c.quiz_first_try ?? 0), 0) / tried.length
              : null;
            return (
              <Table.Tr key={a.id} data-assignment-row={a.id}>
                <Table.Td>
                  <Anchor component={Link} to={a.path}>
                    {assignmentTitle(a)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {KIND_LABELS[a.kind]}
                    {a.premium ? " · Pro" : ""}
                  </Text>
                </Table.Td>
                <Table.Td>{dueText(a)}</Table.Td>
                <Table.Td>{`${finished} / ${cells.length}`}</Table.Td>
                <Table.Td>{onTime}</Table.Td>
                <Table.Td>{late}</Table.Td>
                <Table.Td>{percentText(accuracy)}</Table.Td>
                <Table.Td>
                  <Tooltip label="Take back">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Take back ${assignmentTitle(a)}`}
                      onClick={() => void onRemove(a)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
