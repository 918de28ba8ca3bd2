import { Button, Group, Select, Stack } from "@mantine/core";
import {
  EDITOR_DEFAULTS,
  EDITOR_FONTS,
  EDITOR_THEMES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
} from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import { type EditorPreferences, editorPreferencesSchema, type OwnProfile } from "@neonlab/shared/schemas/profile";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { PROFILE_QUERY_KEY, useSession } from "../../lib/session.tsx";
import { api, errorMessage } from "../../lib/api-client.ts";
import { toast } from "../../lib/toasts.ts";
import { NumberInput } from "../number-input.tsx";
import classes from "./dialog.module.css";
import { useDraggableModal } from "./use-draggable-modal.ts";

const themeLabel = (theme: string) =>
  theme.replace(/([a-z])([A-Z0-9])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
const THEME_OPTIONS = EDITOR_THEMES.map((value) => ({ value, label: themeLabel(value) }));
const FONT_OPTIONS = EDITOR_FONTS.map((value) => ({ value, label: value }));

type Draft = { theme: string; fontFamily: string; fontSize: number | null; lineHeight: number | null };

/** Dialog 8: the code editor preferences (400 px, no x, draggable). Resolves with the saved preferences. */
export function EditorConfigDialog({ onDone }: { onDone: (saved?: EditorPreferences) => void }) {
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const anchor = useRef<HTMLFormElement>(null);
  useDraggableModal(anchor, classes.dragHandle);
  const initial = profile?.editor_preferences ?? EDITOR_DEFAULTS;
  const [draft, setDraft] = useState<Draft>({ ...initial });
  const [saving, setSaving] = useState(false);
  const parsed = editorPreferencesSchema.safeParse(draft);
  const issue = (field: keyof Draft) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;

  const submit = async () => {
    if (!parsed.success) return;
    setSaving(true);
    try {
      const updated = await api<OwnProfile>("profile", { method: "PUT", body: { editor_preferences: parsed.data } });
      queryClient.setQueryData(PROFILE_QUERY_KEY, updated);
      toast.success(MESSAGES.editorPreferencesUpdated);
      onDone(updated.editor_preferences);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={anchor}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Select
          label="Code Editor Theme"
          data={THEME_OPTIONS}
          value={draft.theme}
          onChange={(theme) => theme && setDraft((d) => ({ ...d, theme }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
        <Select
          label="Code Editor Font Family"
          data={FONT_OPTIONS}
          value={draft.fontFamily}
          onChange={(fontFamily) => fontFamily && setDraft((d) => ({ ...d, fontFamily }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
        <NumberInput
          label="Code Editor Font Size"
          min={FONT_SIZE_MIN}
          max={FONT_SIZE_MAX}
          value={draft.fontSize}
          onChange={(fontSize) => setDraft((d) => ({ ...d, fontSize }))}
          error={draft.fontSize === null ? "Font size is required" : issue("fontSize")}
        />
        <NumberInput
          label="Code Editor Line Height"
          min={LINE_HEIGHT_MIN}
          max={LINE_HEIGHT_MAX}
          value={draft.lineHeight}
          onChange={(lineHeight) => setDraft((d) => ({ ...d, lineHeight }))}
          error={draft.lineHeight === null ? "Line height is required" : issue("lineHeight")}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={() => onDone(undefined)}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={!parsed.success}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
