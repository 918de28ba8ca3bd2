import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { BLOG_REJECT_REASON_MAX, BLOG_REJECT_REASON_MIN } from "@neonlab/shared/schemas/blog-constants";
import { useState } from "react";

/** Why a blog is sent back: the author reads it in the notification and in the editor. */
export function RejectDialog({ title, onDone }: { title: string; onDone: (reason?: string) => void }) {
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const length = reason.trim().length;
  const error =
    length < BLOG_REJECT_REASON_MIN
      ? `Give a reason of at least ${BLOG_REJECT_REASON_MIN} characters.`
      : length > BLOG_REJECT_REASON_MAX
        ? `Keep the reason under ${BLOG_REJECT_REASON_MAX} characters.`
        : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!error) onDone(reason.trim());
      }}
    >
      <Stack gap="sm">
        <Text>
          <strong>{title}</strong> goes back to its author as a draft, with your reason.
        </Text>
        <Textarea
          label="Reason"
          description="What should the author change before publishing again?"
          autosize
          minRows={3}
          maxLength={BLOG_REJECT_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched ? error : undefined}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(undefined)}>
            Cancel
          </Button>
          <Button type="submit" color="red">
            Send back
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
