import { Avatar, Button, Group, Stack, Text } from "@mantine/core";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import { IconUserCircle } from "@tabler/icons-react";
import { openAvatarChooser } from "../../../components/dialogs/open-dialogs.tsx";

/** The avatar tab: the current avatar and the chooser (spec dialog 1), which saves it itself. */
export function AvatarPanel({ profile }: { profile: OwnProfile }) {
  return (
    <Group gap="xl" align="center" wrap="wrap">
      <Avatar src={profile.avatar} alt={`${profile.display_name}'s avatar`} size={120} radius="md">
        <IconUserCircle size={64} />
      </Avatar>
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          {profile.avatar ? "This avatar shows next to your name." : "You have not picked an avatar yet."}
        </Text>
        <Button leftSection={<IconUserCircle size={18} />} onClick={() => void openAvatarChooser()}>
          Choose Avatar
        </Button>
      </Stack>
    </Group>
  );
}
