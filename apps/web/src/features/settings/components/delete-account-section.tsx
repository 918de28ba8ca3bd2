import { Button, Group, Text } from "@mantine/core";
import { MESSAGES } from "@neonlab/shared/messages";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { openDialog } from "../../../components/dialogs/open-dialog.tsx";
import { toast } from "../../../lib/toasts.ts";
import { useSession } from "../../../lib/session.tsx";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";

export function DeleteAccountSection() {
  const { profile, signOut } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const confirmAndDelete = async () => {
    const deleted = await openDialog<true>({
      name: "delete-account",
      width: 500,
      title: "Delete account",
      render: (close) => (
        <DeleteAccountDialog
          username={profile?.username ?? ""}
          onDeleted={() => close(true)}
          onCancel={() => close(undefined)}
        />
      ),
    });
    if (!deleted) return;
    setLeaving(true);
    toast.success(MESSAGES.accountDeleted);
    // Home first (its code loaded): signed out while still on /settings, the sign-in guard would send the
    // visitor to /login instead (and keep /settings as the place to come back to after signing in).
    await navigate("/", { replace: true });
    await signOut();
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
        loading={leaving}
        onClick={confirmAndDelete}
      >
        Delete Account
      </Button>
    </Group>
  );
}
