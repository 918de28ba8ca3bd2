import type { ChatProvider } from "./provider.ts";
import { offlineReply } from "./teaching.ts";

/**
 * The built-in offline assistant: the tutor's replies (teaching.ts) made from the lesson's own text — a hint
 * ladder for quizzes, prompts for reflections, a short answer that links its section for questions — streamed a
 * few words at a time so the panel behaves as with a model.
 */
export function offlineProvider(): ChatProvider {
  return {
    kind: "offline",
    model: "offline",
    async *stream({ lesson, history, question, plan, signal }) {
      // The answer guard of chat.ts checks this reply as any provider's.
      const answer = offlineReply(lesson, plan, history, question);
      for (const piece of answer.match(/\S+\s*/g) ?? [answer]) {
        if (signal.aborted) throw signal.reason;
        yield piece;
      }
    },
  };
}
