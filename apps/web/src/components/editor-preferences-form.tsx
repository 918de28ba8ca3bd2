import { Button, Group, Select, SimpleGrid, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  EDITOR_FONTS,
  EDITOR_THEMES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
} from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import { type EditorPreferences, editorPreferencesSchema } from "@neonlab/shared/schemas/profile";
import type { ReactNode, Ref } from "react";
import { errorMessage } from "../lib/api-client.ts";
import { toast } from "../lib/toasts.ts";
import { useUpdateProfile } from "../lib/update-profile.ts";
import { validationTriggers, zodResolver } from "../lib/zod-form.ts";
import { NumberInput } from "./number-input.tsx";

/** "freeCodeCampDark" → "Free Code Camp Dark". */
export const themeLabel = (theme: string) =>
  theme.replace(/([a-z])([A-Z0-9])/g, "$1 $2").replace(/^./, (first) => first.toUpperCase());

const THEME_OPTIONS = EDITOR_THEMES.map((value) => ({ value, label: themeLabel(value) }));
const FONT_OPTIONS = [...EDITOR_FONTS];
// Above a modal (Mantine: z-index 200), for the Editor Configuration dialog.
const DROPDOWN = { withinPortal: true, zIndex: 400 };

type EditorValues = { theme: string; fontFamily: string; fontSize: number | null; lineHeight: number | null };

export type EditorPreferencesFormProps = {
  preferences: EditorPreferences;
  /** 2: two columns from the `sm` breakpoint (the settings page); 1: one column (the dialog). */
  columns: 1 | 2;
  submitLabel: string;
  submitIcon?: ReactNode;
  /** Shown before the submit button (the dialog's Cancel). */
  secondaryAction?: ReactNode;
  /** After the server saved them (the profile cache is updated and the spec's toast shown). */
  onSaved?: (saved: EditorPreferences) => void;
  /** Each change that makes valid preferences (a live preview of them). */
  onValuesChange?: (preferences: EditorPreferences) => void;
  ref?: Ref<HTMLFormElement>;
};

/**
 * The code editor preferences (theme, font family, font size, line height): the settings page's Editor
 * tab and the Editor Configuration dialog. Saving PUTs them into the own profile.
 */
export function EditorPreferencesForm({
  preferences,
  columns,
  submitLabel,
  submitIcon,
  secondaryAction,
  onSaved,
  onValuesChange,
  ref,
}: EditorPreferencesFormProps) {
  const update = useUpdateProfile();
  const form = useForm<EditorValues>({
    initialValues: { ...preferences },
    onValuesChange: (values) => {
      const valid = editorPreferencesSchema.safeParse(values);
      if (valid.success) onValuesChange?.(valid.data);
    },
    validate: zodResolver(editorPreferencesSchema),
    ...validationTriggers(["theme", "fontFamily", "fontSize", "lineHeight"]),
  });

  const save = (values: EditorValues) =>
    update.mutate(
      { editor_preferences: editorPreferencesSchema.parse(values) },
      {
        onSuccess: (updated) => {
          toast.success(MESSAGES.editorPreferencesUpdated);
          form.setInitialValues({ ...updated.editor_preferences });
          form.resetDirty({ ...updated.editor_preferences });
          onSaved?.(updated.editor_preferences);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <form ref={ref} onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={columns === 2 ? { base: 1, sm: 2 } : 1} spacing={columns === 2 ? "md" : "sm"}>
          <Select
            label="Code Editor Theme"
            data={THEME_OPTIONS}
            allowDeselect={false}
            comboboxProps={DROPDOWN}
            {...form.getInputProps("theme")}
          />
          <Select
            label="Code Editor Font Family"
            data={FONT_OPTIONS}
            allowDeselect={false}
            comboboxProps={DROPDOWN}
            {...form.getInputProps("fontFamily")}
          />
          <NumberInput
            label="Code Editor Font Size"
            min={FONT_SIZE_MIN}
            max={FONT_SIZE_MAX}
            {...form.getInputProps("fontSize")}
            value={form.values.fontSize}
          />
          <NumberInput
            label="Code Editor Line Height"
            min={LINE_HEIGHT_MIN}
            max={LINE_HEIGHT_MAX}
            {...form.getInputProps("lineHeight")}
            value={form.values.lineHeight}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {secondaryAction}
          <Button type="submit" loading={update.isPending} disabled={!form.isValid()} leftSection={submitIcon}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
