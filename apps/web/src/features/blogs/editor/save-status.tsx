import { Button, Group, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCloudUpload, IconPencil } from "@tabler/icons-react";
import type { SaveState } from "./use-autosave.ts";
import classes from "./editor.module.css";

/** The autosave's state in words ("Saving…", "Saved", what went wrong with a retry), read out politely. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <Group gap={6} className={classes.saveStatus} data-save-state={state.kind} role="status" aria-live="polite">
      {state.kind === "saved" && (
        <>
          <IconCircleCheck size={16} aria-hidden="true" className={classes.ok} />
          <Text span>Saved</Text>
        </>
      )}
      {state.kind === "unsaved" && (
        <>
          <IconPencil size={16} aria-hidden="true" />
          <Text span>Unsaved changes</Text>
        </>
      )}
      {state.kind === "saving" && (
        <>
          <IconCloudUpload size={16} aria-hidden="true" />
          <Text span>Saving…</Text>
        </>
      )}
      {(state.kind === "error" || state.kind === "invalid") && (
        <>
          <IconAlertTriangle size={16} aria-hidden="true" className={classes.bad} />
          <Text span className={classes.bad}>{`Not saved: ${state.message}`}</Text>
          {state.kind === "error" && (
            <Button size="compact-xs" variant="default" onClick={onRetry}>
              Retry
            </Button>
          )}
        </>
      )}
    </Group>
  );
}
