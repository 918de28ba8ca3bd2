import { Anchor, Button, Group, Skeleton, Stack } from "@mantine/core";
import type { QuizResult } from "@neonlab/shared/schemas/learning";
import { REVIEW_DAY_XP, type ReviewCard, type ReviewResult } from "@neonlab/shared/schemas/review";
import { IconArrowRight, IconChecks } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { loadingStatus } from "../../../components/loading-status.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PageProblem } from "../../../components/page-problem.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { reviewDueQuery, useQueuedReviewCardIds, withoutCards } from "../../../lib/review-due.ts";
import { useSession } from "../../../lib/session.tsx";
import { QueuedOffline, QuizCard } from "../../lessons/index.ts";
import { useAnswerCard } from "../api/answer-card.ts";
import classes from "../components/review.module.css";

const DAY_MS = 86_400_000;

/** "tomorrow", "in 4 days": when an answered card comes back. */
function comesBack(nextDue: string, now = Date.now()): string {
  const days = Math.max(1, Math.round((new Date(nextDue).getTime() - now) / DAY_MS));
  return days === 1 ? "tomorrow" : `in ${days} days`;
}

/** /review: the due cards of quizzes missed in lessons, one at a time, as the lessons ask them. */
export function ReviewPage() {
  const query = useQuery(reviewDueQuery());
  const answer = useAnswerCard();
  const userId = useSession().profile?.id ?? null;
  const queuedIds = useQueuedReviewCardIds(userId);
  // Answered offline on this page: out of the list at once, before the queue's listeners hear of it.
  const [savedIds, setSavedIds] = useState<ReadonlySet<number>>(new Set());
  const [savedNote, setSavedNote] = useState(false);
  // The card on screen stays while its verdict is read, even though it has left the due list.
  const [answered, setAnswered] = useState<{ card: ReviewCard; result: ReviewResult } | null>(null);
  const [served, setServed] = useState(0);
  const cardRef = useRef<HTMLDivElement>(null);

  // After "Next card" the new question is where the learner reads on.
  useEffect(() => {
    if (served > 0) cardRef.current?.focus();
  }, [served]);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Stack gap="md" {...loadingStatus("Loading your review")}>
        <Skeleton height={20} width="40%" />
        <Skeleton height={260} radius="md" />
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <PageProblem
        title="Your review could not be loaded"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    const due = withoutCards(query.data, new Set([...queuedIds, ...savedIds]));
    const card = answered?.card ?? due.cards[0];
    const saved = savedNote && (
      <p className={`nl-panel ${classes.saved}`} role="status" data-review-queued>
        Your answer is saved on this device. It will be graded when you're back online.
      </p>
    );
    if (!card) {
      content = (
        <>
          {saved}
          <section className={`nl-panel ${classes.empty}`} data-review-empty aria-labelledby="review-empty-title">
            <IconChecks size={36} aria-hidden="true" className={classes.emptyIcon} />
            <h2 id="review-empty-title">Nothing to review</h2>
            <p>
              {served > 0
                ? "That was every card due today. Missed quizzes come back here when it is time to try them again."
                : "You're all caught up. When you miss a quiz in a lesson, it comes back here to try again."}
            </p>
            <Button component={Link} to="/courses">
              Keep learning
            </Button>
          </section>
        </>
      );
    } else {
      const submit = async (responses: string[]): Promise<QuizResult> => {
        try {
          const result = await answer.mutateAsync({ card, answer: responses, userId });
          setSavedNote(false);
          setAnswered({ card, result });
          return { ...result, quiz_id: card.quiz.id, passed: result.correct };
        } catch (error) {
          // Kept to be graded once sent: the next card is served now.
          if (error instanceof QueuedOffline) {
            setSavedIds((ids) => new Set(ids).add(card.id));
            setSavedNote(true);
            setServed((n) => n + 1);
          }
          throw error;
        }
      };
      const result = answered?.result;
      const left = due.due_count;
      content = (
        <>
          {saved}
          <div className={classes.summary} aria-live="polite" data-review-count={left}>
            <span>{result ? `${left} left today` : `${left} due today`}</span>
            <Anchor component={Link} to={card.lesson.path} size="sm">
              From the lesson: {card.lesson.title}
            </Anchor>
          </div>
          <div ref={cardRef} tabIndex={-1} className={classes.card} data-review-card={card.id}>
            <QuizCard
              key={card.id}
              lessonId={0}
              quiz={{ ...card.quiz, passed: false, review: null }}
              index={0}
              eyebrow="Review"
              once
              answerWith={submit}
              onAnswered={() => undefined}
            />
          </div>
          {result && (
            <section className={`nl-panel ${classes.after}`} aria-label="What happens next" data-review-after>
              <p>
                {result.correct
                  ? `Nice. This card comes back ${comesBack(result.next_due)}.`
                  : `This card comes back ${comesBack(result.next_due)}. Reread the part of the lesson it asks about.`}
                {result.xp_awarded > 0 && ` +${result.xp_awarded} XP for today's review.`}
              </p>
              <Group gap="sm">
                <Button
                  onClick={() => {
                    setAnswered(null);
                    setServed((n) => n + 1);
                    void query.refetch();
                  }}
                  rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                >
                  {left > 0 ? "Next card" : "Finish"}
                </Button>
                <Button component={Link} to={result.lesson.path} variant="default">
                  Open the lesson
                </Button>
              </Group>
            </section>
          )}
        </>
      );
    }
  }

  return (
    <div className={classes.page}>
      <PageHeader eyebrow="// daily review" title="Daily review">
        <p>
          Quizzes you missed in lessons come back here. Get one right and it returns later; miss it and it returns
          sooner. A review keeps your streak, and your first answer each day gives {REVIEW_DAY_XP} XP.
        </p>
      </PageHeader>
      {content}
    </div>
  );
}
