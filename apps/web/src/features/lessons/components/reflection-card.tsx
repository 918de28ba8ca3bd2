import { Badge, Button, Group, Text, Textarea } from "@mantine/core";
import { REFLECTION_MIN_LENGTH } from "@neonlab/shared/constants";
import type { LessonReflection, ReflectionResult } from "@neonlab/shared/schemas/learning";
import { IconCheck } from "@tabler/icons-react";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useAnswerReflection } from "../api/answer-reflection.ts";
import { InlineMarkdown } from "../../../components/inline-markdown.tsx";
import classes from "./lesson.module.css";

type ReflectionCardProps = {
  lessonId: number;
  reflection: LessonReflection;
  index: number;
  onSaved: (result: ReflectionResult) => void;
};

/** An open question: any answer of at least 10 characters counts; it can be edited and saved again. */
export function ReflectionCard({ lessonId, reflection, index, onSaved }: ReflectionCardProps) {
  const [draft, setDraft] = useState(reflection.user_response ?? "");
  const [touched, setTouched] = useState(false);
  const save = useAnswerReflection();
  const promptId = useId();
  const savedRef = useRef<HTMLParagraphElement>(null);
  const [focusSaved, setFocusSaved] = useState(false);
  const saved = reflection.user_response;
  const length = draft.trim().length;
  const tooShort = length < REFLECTION_MIN_LENGTH;
  const unchanged = saved !== null && draft.trim() === saved.trim();

  // After a save the button is disabled (nothing changed): focus moves to the note saying it is saved.
  useEffect(() => {
    if (focusSaved && unchanged) {
      savedRef.current?.focus();
      setFocusSaved(false);
    }
  }, [focusSaved, unchanged]);

  const submit = () => {
    setTouched(true);
    if (tooShort || unchanged) return;
    save.mutate(
      { lessonId, reflectionId: reflection.id, userResponse: draft.trim() },
      {
        onSuccess: (result) => {
          onSaved(result);
          setFocusSaved(true);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <section
      className={`nl-panel ${classes.card}`}
      data-reflection={reflection.key}
      data-saved={saved !== null}
      aria-labelledby={promptId}
    >
      <Group justify="space-between" gap="xs" mb="xs">
        <span className="nl-eyebrow">Reflection {index + 1}</span>
        {saved !== null && (
          <Badge color="neon" size="sm" className={classes.onAccent} leftSection={<IconCheck size={12} />}>
            Saved
          </Badge>
        )}
      </Group>
      <Text id={promptId} fw={600} mb="xs">
        <InlineMarkdown text={reflection.prompt} />
      </Text>
      <Textarea
        aria-labelledby={promptId}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        autosize
        minRows={3}
        maxRows={12}
        maxLength={5000}
        placeholder="Write your answer in your own words…"
        error={touched && tooShort ? `Your answer must be at least ${REFLECTION_MIN_LENGTH} characters` : undefined}
        description={`${length} characters (at least ${REFLECTION_MIN_LENGTH})`}
      />
      <Group mt="sm" gap="sm">
        <Button onClick={submit} loading={save.isPending} disabled={unchanged || (touched && tooShort)}>
          {saved !== null ? "Update answer" : "Save answer"}
        </Button>
        {unchanged && (
          <Text ref={savedRef} tabIndex={-1} size="sm" c="dimmed" className={classes.savedNote} data-reflection-result>
            Your answer is saved.
          </Text>
        )}
      </Group>
    </section>
  );
}
