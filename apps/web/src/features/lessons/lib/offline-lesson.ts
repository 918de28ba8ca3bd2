import type { LessonDetail } from "@neonlab/shared/schemas/learning";
import { isOffline } from "../../../lib/offline/online-status.ts";
import { offlineQueue, type QueuedAction, type QueuedKind } from "../../../lib/offline/queue.ts";

/** Thrown by a lesson write that was kept on the device to be sent later (lib/offline/queue.ts). */
export class QueuedOffline extends Error {
  constructor(readonly action: QueuedAction) {
    super("Saved on this device: it is sent when you're back online.");
  }
}

/** What a queued write needs to know of its lesson and learner; the lesson page registers it. */
export type LessonContext = { lessonId: number; title: string; path: string; userId: string };

const contexts = new Map<number, LessonContext>();

/** Makes the lesson's writes queueable while its page is open; returns the undo. */
export function registerLessonContext(context: LessonContext): () => void {
  contexts.set(context.lessonId, context);
  return () => {
    if (contexts.get(context.lessonId) === context) contexts.delete(context.lessonId);
  };
}

/** The lesson's actions waiting to be sent. */
export const lessonActions = (actions: QueuedAction[], lessonId: number) =>
  actions.filter((a) => a.lessonId === lessonId);

/** Whether a failure means "no network" (fetch's TypeError, as `api()` throws it). */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/**
 * Runs a lesson write, or keeps it to be sent later when the browser is offline, the write fails for want
 * of a network, or earlier writes of the lesson still wait (they go first, in order). Throws QueuedOffline
 * when kept; a write of a lesson whose page never registered runs as before.
 */
export async function writeOrQueue<T>(
  lessonId: number,
  kind: QueuedKind,
  targetId: number | null,
  path: string,
  body: unknown,
  send: () => Promise<T>,
): Promise<T> {
  const context = contexts.get(lessonId);
  const queue = async (): Promise<never> => {
    if (!context) throw new TypeError("No network");
    const action = await offlineQueue.add({
      userId: context.userId,
      kind,
      lessonId,
      lessonTitle: context.title,
      lessonPath: context.path,
      targetId,
      path,
      body,
    });
    throw new QueuedOffline(action);
  };
  if (context && (isOffline() || (await waitingFor(lessonId)))) return queue();
  try {
    return await send();
  } catch (error) {
    if (context && isNetworkFailure(error)) return queue();
    throw error;
  }
}

const waitingFor = async (lessonId: number) =>
  (await offlineQueue.read().catch(() => [])).some((a) => a.lessonId === lessonId);

/**
 * The lesson as the learner left it on this device: reflections saved offline count as answered (their
 * text shown), quizzes answered offline are listed in `queuedQuizIds` (graded when sent).
 */
export function withQueued(lesson: LessonDetail, actions: QueuedAction[]) {
  const mine = lessonActions(actions, lesson.id);
  const queuedQuizIds = new Set<number>();
  let reflections = lesson.reflections;
  const answered = new Set(lesson.answered_reflection_ids);
  for (const action of mine) {
    if (action.kind === "quiz" && action.targetId !== null) queuedQuizIds.add(action.targetId);
    if (action.kind === "reflection" && action.targetId !== null) {
      const text = (action.body as { userResponse?: string }).userResponse ?? "";
      reflections = reflections.map((r) => (r.id === action.targetId ? { ...r, user_response: text } : r));
      answered.add(action.targetId);
    }
  }
  const completionQueued = mine.some((a) => a.kind === "complete");
  return {
    lesson: { ...lesson, reflections, answered_reflection_ids: [...answered] },
    queuedQuizIds,
    completionQueued,
  };
}
