import { Button, Group, Text } from "@mantine/core";
import { watchAppUpdates } from "../lib/app-update.ts";
import { registerWorker } from "../lib/offline/register-worker.ts";
import { toast } from "../lib/toasts.ts";

/**
 * Checks for a new version of the app now and then, and offers to reload into it with a toast. Loaded
 * once the browser is idle (app-effects.tsx): by the time a new version is out, this version's chunks
 * may be gone from the server. Also registers the service worker: a new version's worker waits and takes
 * over only from the toast's Reload, never by itself in the middle of a lesson. Returns the cleanup.
 */
export function watchForNewVersion(): () => void {
  let shown = false;
  const offerReload = () => {
    if (shown) return;
    shown = true;
    toast.info(
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">A new version of NeonLab is available.</Text>
        <Button size="compact-sm" onClick={() => void worker.activateUpdate()}>
          Reload
        </Button>
      </Group>,
      { autoClose: false, id: "app-update" },
    );
  };
  const worker = registerWorker(offerReload);
  return watchAppUpdates(() => {
    worker.checkForUpdate();
    offerReload();
  });
}
