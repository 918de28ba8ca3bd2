import { Button, Group, Text } from "@mantine/core";
import { IconArrowRight, IconCircleCheck, IconCloudUpload } from "@tabler/icons-react";
import { Link } from "react-router";
import { canComplete, type Requirements, requirementsHint } from "../lib/lesson-progress.ts";
import classes from "./lesson.module.css";

type CompletePanelProps = {
  requirements: Requirements;
  completed: boolean;
  /** Completed offline: the completion waits on this device to be sent. */
  queued?: boolean;
  pending: boolean;
  xp: number;
  nextHref: string | null;
  onComplete: () => void;
};

/** The Complete button, disabled with a hint until every quiz is passed and every reflection answered. */
export function CompletePanel({
  requirements,
  completed,
  queued = false,
  pending,
  xp,
  nextHref,
  onComplete,
}: CompletePanelProps) {
  const hint = requirementsHint(requirements);
  const ready = canComplete(requirements);
  return (
    <section
      className={`nl-panel ${classes.completePanel}`}
      aria-labelledby="complete-title"
      data-completed={completed}
      data-completion-queued={queued || undefined}
    >
      <h2 id="complete-title" className={classes.sectionTitle}>
        {completed ? "Lesson completed" : queued ? "Completed on this device" : "Finish the lesson"}
      </h2>
      {queued ? (
        <Group gap="xs" wrap="nowrap">
          <IconCloudUpload size={20} aria-hidden="true" />
          <Text>
            Your completion is saved offline. It is sent when you're back online, and the {xp} XP are given then.
          </Text>
        </Group>
      ) : completed ? (
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={20} className={classes.right} aria-hidden="true" />
          <Text>You've completed this lesson. Its XP is on your account.</Text>
        </Group>
      ) : (
        <Text id="complete-hint" c={ready ? undefined : "dimmed"}>
          {hint ?? `All set. Complete the lesson to earn ${xp} XP.`}
        </Text>
      )}
      <Group mt="md" gap="sm">
        {!completed && !queued && (
          <Button
            size="md"
            onClick={onComplete}
            disabled={!ready}
            loading={pending}
            aria-describedby="complete-hint"
            leftSection={<IconCircleCheck size={18} />}
          >
            Complete lesson
          </Button>
        )}
        {(completed || queued) && nextHref && (
          <Button component={Link} to={nextHref} size="md" rightSection={<IconArrowRight size={18} />}>
            Next lesson
          </Button>
        )}
      </Group>
    </section>
  );
}
