// The assistants the evaluation asks, each through the tutor's own answer path (chat.ts answerQuestion: the
// question's plan, the reply, the leak guard with its re-ask and hint) — what a learner would see, without the
// database around it.
import type { TutorStreamEvent } from "@neonlab/shared/schemas/tutor";
import { type AnswerState, answerQuestion } from "../../apps/server/src/modules/tutor/chat.ts";
import { offlineProvider } from "../../apps/server/src/modules/tutor/offline-provider.ts";
import { openAiProvider } from "../../apps/server/src/modules/tutor/openai-provider.ts";
import { type ChatProvider, ProviderError } from "../../apps/server/src/modules/tutor/provider.ts";
import type { Answerer } from "./eval.ts";

export function answerer(provider: ChatProvider): Answerer & { errors: string[] } {
  const errors: string[] = [];
  const answer: Answerer = async ({ lesson, history, question }) => {
    const state: AnswerState = { text: "", sent: 0, leakedQuiz: null, guarded: false };
    let shown = "";
    const emit = (event: TutorStreamEvent) => {
      if (event.type === "retract") shown = "";
      if (event.type === "delta") shown += event.text;
    };
    try {
      await answerQuestion({ provider, lesson, history, question, signal: new AbortController().signal }, emit, state);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      errors.push(`${error.failure}: ${error.message}`);
      return { text: "", guarded: state.guarded };
    }
    return { text: shown, guarded: state.guarded };
  };
  return Object.assign(answer, { errors });
}

export const offlineAnswerer = () => answerer(offlineProvider());

/** The model the environment configures (OPENAI_* or their AI_* aliases), or null when none is. */
export function configuredModel(env: NodeJS.ProcessEnv = process.env) {
  const baseURL = env.OPENAI_BASE_URL || env.AI_BASE_URL || undefined;
  const apiKey = env.OPENAI_API_KEY || env.AI_API_KEY || undefined;
  if (!baseURL && !apiKey) return null;
  const model = env.OPENAI_MODEL || env.AI_MODEL || "gpt-4o-mini";
  return { model, baseURL, apiKey, timeoutMs: Number(env.OPENAI_TIMEOUT_MS) || 60_000 };
}

export function modelAnswerer(options: { model: string; baseURL?: string; apiKey?: string; timeoutMs: number }) {
  return answerer(
    openAiProvider({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      model: options.model,
      timeoutMs: options.timeoutMs,
    }),
  );
}
