import { Button, Group, Text } from "@mantine/core";
import { useEffect } from "react";
import { watchAppUpdates } from "../lib/app-update.ts";
import { toast } from "../lib/toasts.ts";
import { trackViewport } from "../lib/viewport.ts";

/** App-wide background work: the viewport cookie and the new-build check. */
export function AppEffects() {
  useEffect(() => trackViewport(), []);
  useEffect(
    () =>
      watchAppUpdates(() =>
        toast.info(
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">A new version of NeonLab is available.</Text>
            <Button size="compact-sm" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Group>,
          { autoClose: false, id: "app-update" },
        ),
      ),
    [],
  );
  return null;
}
