import type { TutorAssistantKind } from "@neonlab/shared/schemas/tutor";

/** One turn of the conversation as sent to a provider. */
export type ChatTurn = { role: "system" | "user" | "assistant"; content: string };

/** The lesson as the offline assistant reads it (the model gets it inside the system prompt). */
export type LessonText = { id: number; title: string; goal: string; body: string };

export type ProviderRequest = {
  /** System prompt first, then the thread, then the question. */
  turns: ChatTurn[];
  lesson: LessonText;
  question: string;
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
