import { Button, Group, Text } from "@mantine/core";
import { watchAppUpdates } from "../lib/app-update.ts";
import { toast } from "../lib/toasts.ts";

/**
 * Checks for a new version of the app now and then, and offers to reload into it with a toast. Loaded
 * once the browser is idle (app-effects.tsx): by the time a new version is out, this version's chunks
 * may be gone from the server. Returns the cleanup.
 */
export function watchForNewVersion(): () => void {
  return watchAppUpdates(() =>
    toast.info(
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">A new version of NeonLab is available.</Text>
        <Button size="compact-sm" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Group>,
      { autoClose: false, id: "app-update" },
    ),
  );
}
