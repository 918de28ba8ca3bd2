import { Button, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
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
import { editorPreferencesSchema, type OwnProfile } from "@neonlab/shared/schemas/profile";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { NumberInput } from "../../../components/number-input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { validationTriggers, zodResolver } from "../../../lib/zod-form.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

/** "freeCodeCampDark" → "Free Code Camp Dark". */
export const themeLabel = (theme: string) =>
  theme.replace(/([a-z])([A-Z0-9])/g, "$1 $2").replace(/^./, (first) => first.toUpperCase());

const THEME_OPTIONS = EDITOR_THEMES.map((value) => ({ value, label: themeLabel(value) }));

type EditorValues = { theme: string; fontFamily: string; fontSize: number | null; lineHeight: number | null };

export function EditorPreferencesForm({ profile }: { profile: OwnProfile }) {
  const update = useUpdateProfile();
  const form = useForm<EditorValues>({
    initialValues: { ...profile.editor_preferences },
    validate: zodResolver(editorPreferencesSchema),
    ...validationTriggers(["theme", "fontFamily"]),
  });

  const save = (values: EditorValues) =>
    update.mutate(
      { editor_preferences: editorPreferencesSchema.parse(values) },
      {
        onSuccess: (updated) => {
          toast.success(MESSAGES.editorPreferencesUpdated);
          form.setInitialValues({ ...updated.editor_preferences });
          form.resetDirty({ ...updated.editor_preferences });
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          How code looks in lessons, projects and hacks.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Code Editor Theme"
            data={THEME_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps("theme")}
          />
          <Select
            label="Code Editor Font Family"
            data={[...EDITOR_FONTS]}
            allowDeselect={false}
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
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={18} />}>
            Save Preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
