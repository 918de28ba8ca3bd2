import type { TutorAssistantKind } from "@neonlab/shared/schemas/tutor";
import type { TutorLesson } from "../learning/service.ts";
import type { Turn, TurnPlan } from "./turn-plan.ts";

/** One turn of the conversation as sent to a provider. */
export type ChatTurn = { role: "system" | "user" | "assistant"; content: string };

export type ProviderRequest = {
  /** What a model is sent: the system prompt, the thread (within a budget), a note on this turn, the question. */
  turns: ChatTurn[];
  /** The lesson with the learner's quiz states (the offline assistant reads it; a model gets it in `turns`). */
  lesson: TutorLesson;
  /** The thread's earlier turns, oldest first. */
  history: Turn[];
  question: string;
  /** What the question is about (turn-plan.ts), decided once for both kinds of assistant. */
  plan: TurnPlan;
  signal: AbortSignal;
};

/**
 * An assistant that answers a question as a stream of text. `stream` throws ProviderError for anything the
 * learner should be told (down, timeout, rate-limited, malformed), an AbortError when `signal` aborted.
 */
export type ChatProvider = {
  kind: TutorAssistantKind;
  /** The model's name ("offline" for the offline assistant). */
  model: string;
  stream(request: ProviderRequest): AsyncIterable<string>;
};

export type ProviderFailure = "down" | "timeout" | "rate_limited" | "malformed";

export class ProviderError extends Error {
  readonly failure: ProviderFailure;
  constructor(failure: ProviderFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.failure = failure;
  }
}
