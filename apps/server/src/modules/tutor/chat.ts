import { TUTOR_MESSAGES, type TutorStreamEvent } from "@neonlab/shared/schemas/tutor";
import type { Db } from "../../db/client.ts";
import type { RunInTransaction } from "../../transaction.ts";
import type { TutorLesson } from "../learning/service.ts";
import { type LeakGuard, leakGuard } from "./leak-guard.ts";
import { hintReply, reAskTurns, systemPrompt } from "./prompt.ts";
import { type ChatProvider, type ChatTurn, ProviderError, type ProviderFailure } from "./provider.ts";
import { giveQuestionBack, saveExchange } from "./service.ts";

const FAILURE_MESSAGES: Record<ProviderFailure, string> = {
  down: TUTOR_MESSAGES.providerDown,
  timeout: TUTOR_MESSAGES.providerTimeout,
  rate_limited: TUTOR_MESSAGES.providerBusy,
  malformed: TUTOR_MESSAGES.providerMalformed,
};

export type ChatRun = {
  db: Db;
  transaction: RunInTransaction;
  provider: ChatProvider;
  userId: string;
  lesson: TutorLesson;
  threadId: number | null;
  history: { role: "user" | "assistant"; content: string }[];
  question: string;
  /** The question was taken from this day's allowance; `left` questions remain after it. */
  usage: { day: string; left: number };
  signal: AbortSignal;
  log: { warn(o: object, msg: string): void };
};

type Attempt = { text: string; leakedQuiz: number | null; sent: number };

/**
 * One streamed attempt behind the leak guard: the reply is held back by `guard.holdBack` characters and checked
 * as each chunk arrives, so a reply stating a correct option is cut before any of that option was sent.
 */
async function* guardedAttempt(
  provider: ChatProvider,
  run: ChatRun,
  turns: ChatTurn[],
  guard: LeakGuard,
  result: Attempt,
): AsyncGenerator<TutorStreamEvent> {
  for await (const piece of provider.stream({
    turns,
    lesson: run.lesson,
    question: run.question,
    signal: run.signal,
  })) {
    result.text += piece;
    result.leakedQuiz = guard.leaks(result.text);
    if (result.leakedQuiz !== null) return;
    const safe = result.text.length - guard.holdBack;
    if (safe > result.sent) {
      yield { type: "delta", text: result.text.slice(result.sent, safe) };
      result.sent = safe;
    }
  }
  if (result.text.length > result.sent) yield { type: "delta", text: result.text.slice(result.sent) };
  result.sent = result.text.length;
}

/**
 * The events of one question: the answer's text as it streams (re-asked once when it gives a quiz answer away,
 * then replaced by a hint), then `done` once saved — or `error` with nothing counted or saved.
 */
export async function* chatEvents(run: ChatRun): AsyncGenerator<TutorStreamEvent> {
  const { lesson } = run;
  const open = lesson.quizzes.filter((q) => q.state !== "passed");
  const guard = leakGuard(open.flatMap((q) => q.correctTexts.map((text) => ({ quizId: q.id, text }))));
  const turns: ChatTurn[] = [
    { role: "system", content: systemPrompt(lesson, lesson.quizzes) },
    ...run.history,
    { role: "user", content: run.question },
  ];
  let answer: Attempt = { text: "", leakedQuiz: null, sent: 0 };
  let guarded = false;
  try {
    yield* guardedAttempt(run.provider, run, turns, guard, answer);
    if (answer.leakedQuiz !== null) {
      guarded = true;
      const leaked = answer.leakedQuiz;
      if (answer.sent > 0) yield { type: "retract" };
      answer = { text: "", leakedQuiz: null, sent: 0 };
      yield* guardedAttempt(run.provider, run, reAskTurns(turns), guard, answer);
      if (answer.leakedQuiz !== null) {
        if (answer.sent > 0) yield { type: "retract" };
        const text = hintReply(lesson.quizzes.find((q) => q.id === (answer.leakedQuiz ?? leaked)));
        answer = { text, leakedQuiz: null, sent: text.length };
        yield { type: "delta", text };
      }
    }
  } catch (error) {
    if (run.signal.aborted) {
      // Stopped by the learner (or the connection closed): keep what they saw, count it only if they saw any.
      if (answer.sent > 0 && answer.leakedQuiz === null) {
        await save(run, `${answer.text.slice(0, answer.sent)}\n\n*(stopped)*`).catch(() => undefined);
      } else {
        await giveQuestionBack(run.db, run.userId, run.usage.day);
      }
      return;
    }
    await giveQuestionBack(run.db, run.userId, run.usage.day);
    if (!(error instanceof ProviderError)) throw error;
    run.log.warn({ failure: error.failure, reason: error.message }, "tutor provider failed");
    yield { type: "error", message: FAILURE_MESSAGES[error.failure], offline: run.provider.kind === "model" };
    return;
  }
  const saved = await save(run, answer.text);
  yield {
    type: "done",
    thread_id: saved.threadId,
    message_id: saved.messageId,
    assistant: run.provider.kind,
    questions_left: run.usage.left,
    guarded,
  };
}

function save(run: ChatRun, answer: string) {
  return run.transaction((tx) =>
    saveExchange(tx.db, {
      userId: run.userId,
      lessonId: run.lesson.id,
      threadId: run.threadId,
      question: run.question,
      answer,
      assistant: run.provider.kind,
    }),
  );
}
