import { TUTOR_MESSAGES, type TutorStreamEvent } from "@neonlab/shared/schemas/tutor";
import type { Db } from "../../db/client.ts";
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
  provider: ChatProvider;
  userId: string;
  /** The lesson's id (known before the stream starts). */
  lessonId: number;
  /** What feeds the prompt and the leak guard: the lesson with the learner's quiz states, the thread's last turns. */
  context: { lesson: TutorLesson; history: { role: "user" | "assistant"; content: string }[] };
  threadId: number | null;
  question: string;
  /** The question was taken from this day's allowance; `left` questions remain after it. */
  usage: { day: string; left: number };
  signal: AbortSignal;
  log: { warn(o: object, msg: string): void };
};

type Attempt = { text: string; leakedQuiz: number | null; sent: number };

/** Where the events go (the response's SSE frames): called synchronously, no iterator per chunk. */
export type Emit = (event: TutorStreamEvent) => void;

/**
 * One streamed attempt behind the leak guard: checked as each piece arrives, and sent only up to where a correct
 * option could still begin (the scan's `safe`), so a reply stating one is cut before any of it was sent.
 */
async function guardedAttempt(
  run: ChatRun,
  lesson: TutorLesson,
  turns: ChatTurn[],
  guard: LeakGuard,
  result: Attempt,
  emit: Emit,
): Promise<void> {
  const scan = guard.scan();
  for await (const piece of run.provider.stream({
    turns,
    lesson,
    question: run.question,
    signal: run.signal,
  })) {
    result.text += piece;
    const { leaked, safe } = scan.push(piece);
    result.leakedQuiz = leaked;
    if (leaked !== null) return;
    if (safe > result.sent) {
      emit({ type: "delta", text: result.text.slice(result.sent, safe) });
      result.sent = safe;
    }
  }
  // What was held back until the next piece (an option at the very end, a tag not closed) is decided now.
  result.leakedQuiz = scan.end().leaked;
  if (result.leakedQuiz !== null) return;
  if (result.text.length > result.sent) emit({ type: "delta", text: result.text.slice(result.sent) });
  result.sent = result.text.length;
}

/**
 * The events of one question, given to `emit`: the answer's text as it streams (re-asked once when it gives a
 * quiz answer away, then replaced by a hint), then `done` once saved — or `error` with nothing counted or saved.
 */
export async function runChat(run: ChatRun, emit: Emit): Promise<void> {
  const { lesson, history } = run.context;
  const open = lesson.quizzes.filter((q) => q.state !== "passed");
  const guard = leakGuard(open.flatMap((q) => q.correctTexts.map((text) => ({ quizId: q.id, text }))));
  const turns: ChatTurn[] = [
    { role: "system", content: systemPrompt(lesson, lesson.quizzes) },
    ...history,
    { role: "user", content: run.question },
  ];
  let answer: Attempt = { text: "", leakedQuiz: null, sent: 0 };
  let guarded = false;
  try {
    await guardedAttempt(run, lesson, turns, guard, answer, emit);
    if (answer.leakedQuiz !== null) {
      guarded = true;
      const leaked = answer.leakedQuiz;
      if (answer.sent > 0) emit({ type: "retract" });
      answer = { text: "", leakedQuiz: null, sent: 0 };
      await guardedAttempt(run, lesson, reAskTurns(turns), guard, answer, emit);
      if (answer.leakedQuiz !== null) {
        if (answer.sent > 0) emit({ type: "retract" });
        const text = hintReply(lesson.quizzes.find((q) => q.id === (answer.leakedQuiz ?? leaked)));
        answer = { text, leakedQuiz: null, sent: text.length };
        emit({ type: "delta", text });
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
    emit({ type: "error", message: FAILURE_MESSAGES[error.failure], offline: run.provider.kind === "model" });
    return;
  }
  const saved = await save(run, answer.text);
  emit({
    type: "done",
    thread_id: saved.threadId,
    message_id: saved.messageId,
    assistant: run.provider.kind,
    questions_left: run.usage.left,
    guarded,
  });
}

function save(run: ChatRun, answer: string) {
  return saveExchange(run.db, {
    userId: run.userId,
    lessonId: run.lessonId,
    threadId: run.threadId,
    question: run.question,
    answer,
    assistant: run.provider.kind,
  });
}
