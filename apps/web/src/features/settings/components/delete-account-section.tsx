import { Button, Group, Text } from "@mantine/core";
import { MESSAGES } from "@neonlab/shared/messages";
import { IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { toast } from "../../../lib/toasts.ts";
import { useSession } from "../../../lib/session.tsx";
import { deleteAccount } from "../api/delete-account.ts";

export function DeleteAccountSection() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast.success(MESSAGES.accountDeleted);
      await signOut();
      navigate("/", { replace: true });
    },
    onError: () => toast.error(MESSAGES.accountDeleteFailed),
  });

  const confirmAndDelete = async () => {
    const confirmed = await openConfirmDialog({
      title: "Delete account",
      message:
        "<p>Your profile, progress, NeonBits, blogs and hacks will be deleted and you will be signed out.</p><p><strong>This can not be undone.</strong> Delete your account?</p>",
      confirmColor: "red",
    });
    if (confirmed) remove.mutate();
  };

  return (
    <Group justify="space-between" align="center" gap="md">
      <Text size="sm" maw={520}>
        Deleting your account removes your personal data, your progress and everything you published.
      </Text>
      <Button
        color="red"
        variant="outline"
        leftSection={<IconTrash size={18} />}
        loading={remove.isPending}
        onClick={confirmAndDelete}
      >
        Delete Account
      </Button>
    </Group>
  );
}
