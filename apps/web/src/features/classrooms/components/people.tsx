import { ActionIcon, Button, Group, Stack, Table, TextInput, Tooltip, VisuallyHidden } from "@mantine/core";
import type { ClassroomDetail } from "@neonlab/shared/schemas/classrooms";
import { IconUserMinus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useAddTeacher, useRemoveMember } from "../api/classrooms.ts";
import { TableScroll } from "./table-scroll.tsx";

export function People({ room }: { room: ClassroomDetail }) {
  const remove = useRemoveMember();
  const add = useAddTeacher();
  const [username, setUsername] = useState("");
  const onRemove = async (userId: string, name: string) => {
    const sure = await openConfirmDialog({
      title: `Remove ${name}?`,
      message: "They leave the classroom, and you stop seeing their progress at once.",
      confirmLabel: "Remove",
      confirmColor: "red",
    });
    if (sure) remove.mutate({ id: room.id, userId }, { onError: (error) => toast.error(errorMessage(error)) });
  };
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { id: room.id, username: username.replace(/^@/, "") },
      {
        onSuccess: () => {
          toast.success("Co-teacher added.");
          setUsername("");
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <Stack gap="md">
      <TableScroll label="People, scrollable">
        <Table aria-label="People">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[
              ...room.teachers.map((p) => ({ ...p, role: "Teacher" })),
              ...(room.members ?? []).map((p) => ({ ...p, role: "Member" })),
            ].map((p) => (
              <Table.Tr key={p.user_id}>
                <Table.Td>{`${p.display_name} (@${p.username})`}</Table.Td>
                <Table.Td>{p.role}</Table.Td>
                <Table.Td>
                  {(p.role === "Member" || room.teachers.length > 1) && (
                    <Tooltip label="Remove">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${p.display_name}`}
                        onClick={() => void onRemove(p.user_id, p.display_name)}
                      >
                        <IconUserMinus size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {!room.closed && (
        <form onSubmit={onAdd} aria-label="Add a co-teacher">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Add a co-teacher"
              placeholder="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              maxLength={60}
            />
            <Button type="submit" variant="default" loading={add.isPending} disabled={!username.trim()}>
              Add
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
