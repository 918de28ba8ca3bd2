import type { ReviewCard, ReviewDue, ReviewResult } from "@neonlab/shared/schemas/review";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { isOffline } from "../../../lib/offline/online-status.ts";
import { offlineQueue } from "../../../lib/offline/queue.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { QueuedOffline } from "../../lessons/index.ts";

export type AnswerCardInput = { card: ReviewCard; answer: string[]; userId: string | null };

const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/**
 * Grades a review card on the server; it is scheduled again by this answer (right: later, wrong: sooner).
 * Offline (or without a network, or while earlier review answers wait, so they go in order) the answer is
 * kept in the offline queue and graded when sent: throws QueuedOffline.
 */
export async function answerCard({ card, answer, userId }: AnswerCardInput): Promise<ReviewResult> {
  const path = `review/${card.id}/answer`;
  const body = { answer };
  const queue = async (): Promise<never> => {
    if (!userId) throw new TypeError("No network");
    const action = await offlineQueue.add({
      userId,
      kind: "review",
      lessonId: 0,
      lessonTitle: card.lesson.title,
      lessonPath: card.lesson.path,
      targetId: card.id,
      path,
      body,
    });
    throw new QueuedOffline(action);
  };
  const waiting = async () =>
    (await offlineQueue.read().catch(() => [])).some((a) => a.kind === "review" && a.userId === userId);
  if (userId && (isOffline() || (await waiting()))) return queue();
  try {
    return await api<ReviewResult>(path, { method: "POST", body });
  } catch (error) {
    if (userId && isNetworkFailure(error)) return queue();
    throw error;
  }
}

/** Takes a card out of the cached due list (the page shows the next one from there). */
const withoutCard = (old: ReviewDue | undefined, cardId: number) =>
  old ? { due_count: Math.max(0, old.due_count - 1), cards: old.cards.filter((c) => c.id !== cardId) } : old;

/**
 * Answers a card and takes it out of the cached due list at once; the list is fetched again in the
 * background, and XP and the streak in the header with the profile. (A queued answer's card is left out
 * while it waits, also from a due list read again from the copy kept offline: lib/review-due.ts.)
 */
export function useAnswerCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerCard,
    onSuccess: (_result, { card }) => {
      queryClient.setQueryData<ReviewDue>(queryKeys.review.due(), (old) => withoutCard(old, card.id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.me() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all() });
    },
    // Kept to be graded later: out of the due list and the menus' count at once.
    onError: (error, { card }) => {
      if (error instanceof QueuedOffline) {
        queryClient.setQueryData<ReviewDue>(queryKeys.review.due(), (old) => withoutCard(old, card.id));
      }
    },
  });
}
