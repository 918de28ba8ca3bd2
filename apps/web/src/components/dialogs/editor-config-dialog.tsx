import { Button } from "@mantine/core";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import type { EditorPreferences } from "@neonlab/shared/schemas/profile";
import { useRef } from "react";
import { useSession } from "../../lib/session.tsx";
import { EditorPreferencesForm } from "../editor-preferences-form.tsx";
import classes from "./dialog.module.css";
import { useDraggableModal } from "./use-draggable-modal.ts";

/** Dialog 8: the code editor preferences (400 px, no x, draggable). Resolves with the saved preferences. */
export function EditorConfigDialog({
  onDone,
  onChange,
}: {
  onDone: (saved?: EditorPreferences) => void;
  /** Each valid change, as it is made (the editor behind the dialog follows it live). */
  onChange?: (preferences: EditorPreferences) => void;
}) {
  const { profile } = useSession();
  const anchor = useRef<HTMLFormElement>(null);
  useDraggableModal(anchor, classes.dragHandle);
  return (
    <EditorPreferencesForm
      ref={anchor}
      preferences={profile?.editor_preferences ?? EDITOR_DEFAULTS}
      columns={1}
      submitLabel="Update"
      secondaryAction={
        <Button variant="default" onClick={() => onDone(undefined)}>
          Cancel
        </Button>
      }
      onSaved={onDone}
      onValuesChange={onChange}
    />
  );
}
