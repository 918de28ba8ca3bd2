import type { ReviewDue } from "@neonlab/shared/schemas/review";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

// The daily review's due cards (GET review): the review page serves them, the account menus show how many.
// One query for both, so an answered card updates the count too.

export const REVIEW_PATH = "/review";

export const reviewDueQuery = () =>
  queryOptions({
    queryKey: queryKeys.review.due(),
    queryFn: ({ signal }) => api<ReviewDue>("review", { signal }),
  });

/**
 * The due list without the cards in `left` (answered on this device and waiting to be graded): a list read
 * again from the copy kept offline still holds them.
 */
export function withoutCards(due: ReviewDue, left: ReadonlySet<number>): ReviewDue {
  const cards = due.cards.filter((card) => !left.has(card.id));
  return { due_count: Math.max(0, due.due_count - (due.cards.length - cards.length)), cards };
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The card ids of `userId`'s review answers waiting in the offline queue, kept current. The queue's code
 * loads apart (the first route does without it).
 */
export function useQueuedReviewCardIds(userId: string | null): ReadonlySet<number> {
  const [ids, setIds] = useState<ReadonlySet<number>>(NONE);
  useEffect(() => {
    if (!userId) {
      setIds(NONE);
      return;
    }
    let current = true;
    let stop = () => {};
    import("./offline/queue.ts").then(
      ({ offlineQueue, queuedReviewCardIds }) => {
        if (!current) return;
        const load = () =>
          void offlineQueue.read().then(
            (actions) => {
              if (current) setIds(queuedReviewCardIds(actions, userId));
            },
            () => undefined,
          );
        load();
        stop = offlineQueue.subscribe(load);
      },
      () => undefined,
    );
    return () => {
      current = false;
      stop();
    };
  }, [userId]);
  return ids;
}

/** How many review cards are due now for `userId` (answers waiting offline left out): null when signed out and until known. */
export function useReviewDueCount(userId: string | null): number | null {
  const due = useQuery({ ...reviewDueQuery(), enabled: userId !== null, staleTime: 60_000 });
  const queued = useQueuedReviewCardIds(userId);
  return userId && due.data ? withoutCards(due.data, queued).due_count : null;
}
