import { Alert, Anchor, Text } from "@mantine/core";
import { TUTOR_QUESTIONS_PER_DAY, type TutorInfo } from "@neonlab/shared/schemas/tutor";
import { Link } from "react-router";

/** "00:00 (Europe/Paris), in 3 h 12 min": when today's questions come back, in the learner's own time zone. */
export function refillTime(info: Pick<TutorInfo, "resets_at" | "time_zone">, now = new Date()): string {
  const at = new Date(info.resets_at);
  let clock: string;
  try {
    clock = new Intl.DateTimeFormat("en-GB", { timeZone: info.time_zone, hour: "2-digit", minute: "2-digit" }).format(
      at,
    );
  } catch {
    clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" }).format(at);
  }
  const minutes = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
  const wait = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return `${clock} (${info.time_zone}), in ${wait}`;
}

/** Questions left today, shown before the first question and after each (and read out when it changes). */
export function TutorAllowance({ info }: { info: TutorInfo }) {
  return (
    <Text size="sm" c={info.questions_left === 0 ? "red" : "dimmed"} aria-live="polite" data-tutor-left>
      {`${info.questions_left} of ${info.questions_per_day} left today`}
    </Text>
  );
}

/** Today's questions are used up: when they come back, and what Pro changes (for a learner without it). */
export function TutorAllowanceSpent({ info }: { info: TutorInfo }) {
  const hasPro = info.questions_per_day >= TUTOR_QUESTIONS_PER_DAY.access;
  return (
    <Alert color="yellow" data-tutor-spent>
      <Text size="sm" fw={600}>
        No questions left today
      </Text>
      <Text size="sm">
        {`You have asked all ${info.questions_per_day} of today's questions. They come back at midnight in your time zone: ${refillTime(info)}.`}
      </Text>
      {!hasPro && (
        <Text size="sm" mt={4}>
          {`With Pro you get ${TUTOR_QUESTIONS_PER_DAY.access} questions a day instead of ${TUTOR_QUESTIONS_PER_DAY.free}. `}
          <Anchor component={Link} to="/pricing">
            See Pro plans
          </Anchor>
        </Text>
      )}
    </Alert>
  );
}
