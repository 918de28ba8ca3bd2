import { Button, Group, Text } from "@mantine/core";
import { useEffect } from "react";
import { watchAppUpdates } from "../lib/app-update.ts";
import { APP_STARTED } from "../lib/prerender-markers.ts";
import { toast } from "../lib/toasts.ts";
import { trackViewport } from "../lib/viewport.ts";

/** App-wide background work: the app-started mark, the viewport cookie and the new-build check. */
export function AppEffects() {
  useEffect(() => document.documentElement.setAttribute(APP_STARTED, ""), []);
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
