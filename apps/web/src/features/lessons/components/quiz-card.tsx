import { Badge, Button, Checkbox, Group, Radio, Stack, Text } from "@mantine/core";
import type { LessonQuiz, QuizResult } from "@neonlab/shared/schemas/learning";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useReducer, useRef } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useAnswerQuiz } from "../api/answer-quiz.ts";
import { QueuedOffline } from "../lib/offline-lesson.ts";
import { canSubmit, initialQuizState, optionFeedback, quizReducer } from "../lib/quiz-state.ts";
import { InlineMarkdown } from "../../../components/inline-markdown.tsx";
import { MarkdownContent } from "../../../components/markdown-content.tsx";
import classes from "./lesson.module.css";

type QuizCardProps = {
  lessonId: number;
  quiz: LessonQuiz;
  index: number;
  onAnswered: (result: QuizResult) => void;
  /** Where the answer is graded instead of the lesson's quiz route (the daily review's cards). */
  answerWith?: (responses: string[]) => Promise<QuizResult>;
  /** One answer only (the review schedules the card with it): no retry after a wrong answer. */
  once?: boolean;
  /** The label above the question (default "Quiz <n>"). */
  eyebrow?: string;
  /** Answered offline: the answer waits on this device to be graded once sent. */
  queued?: boolean;
};

/** A quiz's element id on its lesson page: the daily review links there. */
export const quizAnchor = (key: string) => `quiz-${key}`;

/**
 * One quiz: pick, check, retry until right. A wrong answer only says so (with the hint); once right,
 * every option is explained. After each answer, focus moves to the verdict.
 */
export function QuizCard({ lessonId, quiz, index, onAnswered, answerWith, once, eyebrow, queued }: QuizCardProps) {
  const [state, dispatch] = useReducer(quizReducer, quiz, initialQuizState);
  const lessonAnswer = useAnswerQuiz();
  const otherAnswer = useMutation({ mutationFn: (responses: string[]) => answerWith!(responses) });
  const titleId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const passed = state.status === "passed";
  const { attempts } = state;
  const answered = (Boolean(once) && attempts > 0) || (Boolean(queued) && !passed);

  // The button just pressed is disabled or gone now; the verdict is where the learner reads on.
  useEffect(() => {
    if (attempts > 0) resultRef.current?.focus();
  }, [attempts]);

  const submit = () => {
    if (!canSubmit(state)) return;
    dispatch({ type: "submit" });
    const handlers = {
      onSuccess: (result: QuizResult) => {
        dispatch({ type: "result", result });
        onAnswered(result);
      },
      onError: (error: Error) => {
        dispatch({ type: "failed" });
        if (!(error instanceof QueuedOffline)) toast.error(errorMessage(error));
      },
    };
    if (answerWith) otherAnswer.mutate(state.selected, handlers);
    else lessonAnswer.mutate({ lessonId, quizId: quiz.id, responses: state.selected }, handlers);
  };

  const options = quiz.options.map((option) => {
    const feedback = optionFeedback(state, option.id);
    const label = (
      <span className={classes.optionLabel}>
        <InlineMarkdown text={option.text} />
        {feedback && (
          <span className={classes.explanation} data-correct={feedback.correct}>
            {feedback.correct ? <IconCheck size={15} aria-hidden="true" /> : <IconX size={15} aria-hidden="true" />}
            <span>
              <strong>{feedback.correct ? "Correct. " : "Not right. "}</strong>
              <InlineMarkdown text={feedback.explanation} />
            </span>
          </span>
        )}
      </span>
    );
    const common = {
      value: option.id,
      label,
      disabled: passed || answered || state.status === "checking",
      className: classes.option,
      classNames: { label: classes.optionText },
      "data-feedback": feedback ? (feedback.correct ? "correct" : "wrong") : undefined,
    };
    return quiz.type === "single" ? <Radio key={option.id} {...common} /> : <Checkbox key={option.id} {...common} />;
  });

  const group =
    quiz.type === "single" ? (
      <Radio.Group
        value={state.selected[0] ?? null}
        onChange={(value) => dispatch({ type: "pick", optionId: value, checked: true })}
        aria-labelledby={titleId}
      >
        <Stack gap="xs">{options}</Stack>
      </Radio.Group>
    ) : (
      <Checkbox.Group
        value={state.selected}
        onChange={(values) => {
          const added = values.find((v) => !state.selected.includes(v));
          const removed = state.selected.find((v) => !values.includes(v));
          if (added) dispatch({ type: "pick", optionId: added, checked: true });
          else if (removed) dispatch({ type: "pick", optionId: removed, checked: false });
        }}
        aria-labelledby={titleId}
      >
        <Stack gap="xs">{options}</Stack>
      </Checkbox.Group>
    );

  return (
    <section
      id={quizAnchor(quiz.key)}
      className={`nl-panel ${classes.card}`}
      data-quiz={quiz.key}
      data-status={state.status}
      aria-labelledby={titleId}
    >
      <Group justify="space-between" gap="xs" mb="xs">
        <span className="nl-eyebrow">{eyebrow ?? `Quiz ${index + 1}`}</span>
        <Group gap={6}>
          {quiz.type === "multiple" && (
            <Badge variant="outline" color="cyan" size="sm">
              Pick all that apply
            </Badge>
          )}
          {passed && (
            <Badge color="neon" size="sm" className={classes.onAccent} leftSection={<IconCheck size={12} />}>
              Passed
            </Badge>
          )}
        </Group>
      </Group>
      <div id={titleId} className={classes.question}>
        <MarkdownContent markdown={quiz.question} />
      </div>
      {group}
      {(state.wrong || (passed && attempts > 0)) && (
        <div
          ref={resultRef}
          tabIndex={-1}
          className={classes.quizResult}
          data-quiz-result={passed ? "correct" : "wrong"}
        >
          {state.wrong ? (
            <>
              <Text className={classes.wrong} fw={600}>
                {state.wrong.message}
              </Text>
              {state.wrong.hint && (
                <Text size="sm" mt={4}>
                  <strong>Hint: </strong>
                  <InlineMarkdown text={state.wrong.hint} />
                </Text>
              )}
            </>
          ) : (
            <Text className={classes.right} fw={600}>
              Correct! Every option is explained above.
            </Text>
          )}
        </div>
      )}
      {queued && !passed && (
        <Text size="sm" mt="sm" className={classes.savedNote} data-quiz-queued>
          Your answer is saved on this device. It is checked when you're back online.
        </Text>
      )}
      {!passed && !answered && (
        <Group mt="sm">
          <Button onClick={submit} disabled={!canSubmit(state)} loading={state.status === "checking"}>
            {state.attempts > 0 ? "Try again" : "Check answer"}
          </Button>
        </Group>
      )}
    </section>
  );
}
