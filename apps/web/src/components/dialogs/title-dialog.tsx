import { Button, Group, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";

export type TitleDialogOptions = {
  /** The dialog's heading, e.g. "New hack". */
  heading: string;
  /** Under the field: what the title becomes (e.g. the link). */
  description?: string;
  maxLength: number;
  confirmLabel: string;
};

/** Asks for a title before something is created: required, trimmed, at most `maxLength` characters. */
export function TitleDialog({
  options,
  onDone,
  onCancel,
}: {
  options: TitleDialogOptions;
  onDone: (title: string) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setError("The title is required");
    onDone(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          description={options.description}
          required
          maxLength={options.maxLength}
          value={title}
          error={error}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{options.confirmLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
