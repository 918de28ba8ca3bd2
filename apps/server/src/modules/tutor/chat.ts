import { TUTOR_MESSAGES, type TutorStreamEvent } from "@neonlab/shared/schemas/tutor";
import type { Db } from "../../db/client.ts";
import type { TutorLesson } from "../learning/service.ts";
import type { LeakGuard } from "./leak-guard.ts";
import { lessonMap, sectionLink } from "./lesson-map.ts";
import { modelTurns, reAskTurns } from "./prompt.ts";
import { type ChatProvider, type ChatTurn, ProviderError, type ProviderFailure } from "./provider.ts";
import { giveQuestionBack, saveExchange } from "./service.ts";
import { quizHint, turnGuard } from "./teaching.ts";
import { HINTS, hintMarker, planTurn, quizSection, type Turn, type TurnPlan } from "./turn-plan.ts";

const FAILURE_MESSAGES: Record<ProviderFailure, string> = {
  down: TUTOR_MESSAGES.providerDown,
  timeout: TUTOR_MESSAGES.providerTimeout,
  rate_limited: TUTOR_MESSAGES.providerBusy,
  malformed: TUTOR_MESSAGES.providerMalformed,
};

/** One question to one assistant: the lesson with the learner's quiz states and the thread's earlier turns. */
export type AnswerRun = {
  provider: ChatProvider;
  lesson: TutorLesson;
  history: Turn[];
  question: string;
  signal: AbortSignal;
};

export type ChatRun = {
  db: Db;
  provider: ChatProvider;
  userId: string;
  /** The lesson's id (known before the stream starts). */
  lessonId: number;
  /** What feeds the prompt and the leak guard: the lesson with the learner's quiz states, the thread's last turns. */
  context: { lesson: TutorLesson; history: Turn[] };
  threadId: null | number;
  question: string;
  /** The question was taken from this day's allowance; `left` questions remain after it. */
  usage: { day: string; left: number };
  signal: AbortSignal;
  log: { warn(o: object, msg: string): void };
};

/** The answer as it goes out: its text, how much of it was sent, and whether the guard had to step in. */
export type AnswerState = { text: string; sent: number; leakedQuiz: number | null; guarded: boolean };

/** Where the events go (the response's SSE frames): called synchronously, no iterator per chunk. */
export type Emit = (event: TutorStreamEvent) => void;

/**
 * A model's reply framed by the tutor: a quiz hint starts with its marker (the thread's ladder reads it back),
 * and a reply that links no section gets the one it is about (when the lesson has sections).
 */
async function* framed(reply: AsyncIterable<string>, lesson: TutorLesson, plan: TurnPlan): AsyncIterable<string> {
  if (plan.kind === "quiz" && !plan.passed) yield `${hintMarker(plan.quiz, Math.min(plan.hint, HINTS))}\n\n`;
  let text = "";
  for await (const piece of reply) {
    text += piece;
    yield piece;
  }
  const section = "section" in plan ? plan.section : null;
  const sections = lessonMap(lesson).sections;
  // A lesson without headings is one section: nothing to point into.
  if (section !== null && sections.length > 1 && !/\]\(#[^)\s]+\)/.test(text)) {
    yield `\n\nRe-read ${sectionLink(sections[section] ?? sections[0]!)}.`;
  }
}

/**
 * One streamed attempt behind the leak guard: checked as each piece arrives, and sent only up to where a correct
 * option could still begin (the scan's `safe`), so a reply stating one is cut before any of it was sent.
 */
async function guardedAttempt(reply: AsyncIterable<string>, guard: LeakGuard, state: AnswerState, emit: Emit) {
  const scan = guard.scan();
  for await (const piece of reply) {
    state.text += piece;
    const { leaked, safe } = scan.push(piece);
    state.leakedQuiz = leaked;
    if (leaked !== null) return;
    if (safe > state.sent) {
      emit({ type: "delta", text: state.text.slice(state.sent, safe) });
      state.sent = safe;
    }
  }
  // What was held back until the next piece (an option at the very end, a tag not closed) is decided now.
  state.leakedQuiz = scan.end().leaked;
  if (state.leakedQuiz !== null) return;
  if (state.text.length > state.sent) emit({ type: "delta", text: state.text.slice(state.sent) });
  state.sent = state.text.length;
}

/**
 * The answer to one question, as `delta`/`retract` events (no database: the evaluation runs it as it is): the
 * question's plan (turn-plan.ts), then the assistant's reply behind the leak guard — a model's reply that gives a
 * quiz answer away is retracted and asked again once, then replaced by the tutor's own hint for that quiz.
 * `state` holds what was sent so far, also when it throws (stopped, or the provider failed).
 */
export async function answerQuestion(run: AnswerRun, emit: Emit, state: AnswerState): Promise<void> {
  const { lesson, history, question, provider, signal } = run;
  const plan = planTurn(lesson, history, question);
  const guard = turnGuard(lesson, plan);
  const turns: ChatTurn[] = provider.kind === "model" ? modelTurns(lesson, plan, history, question) : [];
  const attempt = (sent: ChatTurn[]) => {
    const reply = provider.stream({ turns: sent, lesson, history, question, plan, signal });
    return guardedAttempt(provider.kind === "model" ? framed(reply, lesson, plan) : reply, guard, state, emit);
  };
  await attempt(turns);
  if (state.leakedQuiz === null) return;
  state.guarded = true;
  const restart = () => {
    if (state.sent > 0) emit({ type: "retract" });
    Object.assign(state, { text: "", sent: 0, leakedQuiz: null });
  };
  let quizId = state.leakedQuiz;
  // A model is asked once more; the offline assistant would answer the same again.
  if (provider.kind === "model") {
    restart();
    await attempt(reAskTurns(turns));
    if (state.leakedQuiz === null) return;
    quizId = state.leakedQuiz;
  }
  restart();
  const quiz = Math.max(
    0,
    lesson.quizzes.findIndex((q) => q.id === quizId),
  );
  const onPlan = plan.kind === "quiz" && plan.quiz === quiz;
  const section = onPlan ? plan.section : quizSection(lesson, lesson.quizzes[quiz]!);
  const text = quizHint(lesson, quiz, onPlan ? Math.min(plan.hint, HINTS + 1) : 1, section);
  Object.assign(state, { text, sent: text.length });
  emit({ type: "delta", text });
}

/**
 * The events of one question, given to `emit`: the answer's text as it streams (answerQuestion), then `done`
 * once saved — or `error` with nothing counted or saved.
 */
export async function runChat(run: ChatRun, emit: Emit): Promise<void> {
  const answer: AnswerState = { text: "", sent: 0, leakedQuiz: null, guarded: false };
  try {
    await answerQuestion(
      { provider: run.provider, ...run.context, question: run.question, signal: run.signal },
      emit,
      answer,
    );
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
    guarded: answer.guarded,
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
