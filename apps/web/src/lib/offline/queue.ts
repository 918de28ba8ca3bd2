import { get, update } from "idb-keyval";
import { newIdempotencyKey } from "../idempotency-key.ts";
import { requestBackgroundSync } from "./background-sync.ts";

/**
 * Writes made without a network (quiz answers, reflections, lesson completions, review answers), kept in IndexedDB in
 * the order they were made and sent in that order once the network is back. Each keeps the
 * Idempotency-Key it is sent with, the same on every attempt: a send whose answer was lost and is sent
 * again is answered from the server's record instead of running twice (keys are kept 48 hours).
 */
export type QueuedKind = "quiz" | "reflection" | "complete" | "review";

export type QueuedAction = {
  /** Also the Idempotency-Key. */
  id: string;
  /** Whose action it is: sent only while that user is signed in. */
  userId: string;
  kind: QueuedKind;
  /** The lesson written to; 0 for a review answer (its card's lesson is only named and linked). */
  lessonId: number;
  lessonTitle: string;
  /** The lesson page, e.g. /courses/neon-basics/paths. */
  lessonPath: string;
  /** The quiz's, reflection's or review card's id (null for a completion). */
  targetId: number | null;
  /** The API path, as `api()` takes it. */
  path: string;
  body: unknown;
  /** When the learner did it (ISO). */
  at: string;
};

export type NewAction = Omit<QueuedAction, "id" | "at">;

/** Where the queue lives: IndexedDB in the app, a Map in tests. */
export type QueueStore = {
  read(): Promise<QueuedAction[]>;
  change(change: (actions: QueuedAction[]) => QueuedAction[]): Promise<void>;
};

const KEY = "neonlab-offline-queue";

export const indexedDbStore: QueueStore = {
  read: async () => (await get<QueuedAction[]>(KEY)) ?? [],
  change: (change) => update<QueuedAction[]>(KEY, (actions) => change(actions ?? [])),
};

/** What sending one action came to. */
export type SendOutcome =
  | { kind: "done"; result: unknown }
  /** The server refused it for good (its reason): dropped, with the lesson's later actions. */
  | { kind: "refused"; reason: string }
  /** No network, a server error, or no session: everything stays for the next attempt. */
  | { kind: "later" };

export type SyncReport = {
  done: QueuedAction[];
  /** Completions sent, with the server's answer. */
  completed: Array<{ action: QueuedAction; result: unknown }>;
  /** Review answers sent, with the server's verdict. */
  reviewed: Array<{ action: QueuedAction; result: unknown }>;
  refused: Array<{ action: QueuedAction; reason: string }>;
  /** Whether actions are left (a `later` stopped the run). */
  remaining: number;
};

type Listener = () => void;

export function createQueue(
  store: QueueStore,
  now: () => Date = () => new Date(),
  /** Told of each action added, after it is kept; not waited for. */
  afterAdd: (action: QueuedAction) => void = () => undefined,
) {
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  let running: Promise<SyncReport> | null = null;

  return {
    read: () => store.read(),

    /** Adds an action at the end; returns it with its key and time. */
    async add(action: NewAction): Promise<QueuedAction> {
      const queued: QueuedAction = { ...action, id: newIdempotencyKey(), at: now().toISOString() };
      // A completion and a review answer carry the moment they were made: the server counts that day.
      if (queued.kind === "complete") queued.body = { completedAt: queued.at };
      if (queued.kind === "review") queued.body = { ...(queued.body as object), answeredAt: queued.at };
      await store.change((actions) => [...actions, queued]);
      notify();
      afterAdd(queued);
      return queued;
    },

    /** Drops every action of `userId` (a sign-out) or all. */
    async clear(userId?: string): Promise<void> {
      await store.change((actions) => (userId ? actions.filter((a) => a.userId !== userId) : []));
      notify();
    },

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Sends `userId`'s actions one at a time, oldest first. A refusal drops the action and the rest of its
     * lesson's actions (a completion after a refused answer would be refused too); a refused review answer
     * drops only itself (each card is answered on its own). `later` stops the run.
     * Runs one at a time: a call while one runs gets that run's report.
     */
    sync(userId: string, send: (action: QueuedAction) => Promise<SendOutcome>): Promise<SyncReport> {
      running ??= (async () => {
        const report: SyncReport = { done: [], completed: [], reviewed: [], refused: [], remaining: 0 };
        try {
          for (;;) {
            const next = (await store.read()).find((a) => a.userId === userId);
            if (!next) break;
            const outcome = await send(next);
            if (outcome.kind === "later") break;
            if (outcome.kind === "done") {
              await store.change((actions) => actions.filter((a) => a.id !== next.id));
              report.done.push(next);
              if (next.kind === "complete") report.completed.push({ action: next, result: outcome.result });
              if (next.kind === "review") report.reviewed.push({ action: next, result: outcome.result });
            } else {
              const sameLesson = (a: QueuedAction) =>
                next.kind !== "review" && a.kind !== "review" && a.userId === userId && a.lessonId === next.lessonId;
              await store.change((actions) => actions.filter((a) => a.id !== next.id && !sameLesson(a)));
              report.refused.push({ action: next, reason: outcome.reason });
            }
            notify();
          }
          report.remaining = (await store.read()).filter((a) => a.userId === userId).length;
          return report;
        } finally {
          running = null;
        }
      })();
      return running;
    },
  };
}

export type OfflineQueue = ReturnType<typeof createQueue>;

/** The app's queue; the service worker sends it too where the browser has Background Sync. */
export const offlineQueue = createQueue(indexedDbStore, undefined, (action) => {
  void requestBackgroundSync(action.userId);
});

/** The lessons with actions waiting. */
export const pendingLessons = (actions: QueuedAction[]): number =>
  new Set(actions.flatMap((a) => (a.kind === "review" ? [] : [a.lessonId]))).size;

/** The review answers waiting. */
export const pendingReviews = (actions: QueuedAction[]): number => actions.filter((a) => a.kind === "review").length;

/** The card ids of `userId`'s review answers waiting on this device: out of the due list until sent. */
export const queuedReviewCardIds = (actions: QueuedAction[], userId: string | null): Set<number> =>
  new Set(
    actions.flatMap((a) => (a.kind === "review" && a.userId === userId && a.targetId !== null ? [a.targetId] : [])),
  );
