import { z } from "zod";
import { entityId as id, isoDateTime, noControlCharacters } from "./common.ts";

// The lesson's AI tutor (product rules "AI assistant"; spec §7 lessons/{id}/openai, lessons/chat).

/** Questions a day: free users, and users with access (product rules). */
export const TUTOR_QUESTIONS_PER_DAY = { free: 20, access: 200 } as const;
/** Longest question, in characters. */
export const TUTOR_QUESTION_MAX = 2000;
/** Questions a minute, whatever the daily allowance. */
export const TUTOR_QUESTIONS_PER_MINUTE = 30;

export const TUTOR_ASSISTANT_KINDS = ["model", "offline"] as const;
export type TutorAssistantKind = (typeof TUTOR_ASSISTANT_KINDS)[number];

/** `lesson-<id>` names the lesson's configured assistant, `lesson-<id>-offline` its built-in offline one. */
export const tutorAssistantId = (lessonId: number, kind: TutorAssistantKind) =>
  kind === "offline" ? `lesson-${lessonId}-offline` : `lesson-${lessonId}`;

export const tutorThreadSchema = z.object({
  id,
  title: z.string(),
  message_count: z.number().int().nonnegative(),
  updated_at: isoDateTime,
});
export type TutorThread = z.infer<typeof tutorThreadSchema>;

/** GET lessons/{id}/openai: what the panel needs. */
export const tutorInfoSchema = z.object({
  lesson_id: id,
  assistant_id: z.string(),
  offline_assistant_id: z.string(),
  kind: z.enum(TUTOR_ASSISTANT_KINDS),
  /** The model's name, or "offline". */
  model: z.string(),
  questions_per_day: z.number().int().positive(),
  questions_left: z.number().int().nonnegative(),
  /** When today's allowance starts again: midnight in the user's time zone. */
  resets_at: isoDateTime,
  time_zone: z.string(),
  threads: z.array(tutorThreadSchema),
});
export type TutorInfo = z.infer<typeof tutorInfoSchema>;

export const tutorMessageSchema = z.object({
  id,
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  /** Which assistant wrote an answer (null for the learner's questions). */
  assistant: z.enum(TUTOR_ASSISTANT_KINDS).nullable(),
  created_at: isoDateTime,
});
export type TutorMessage = z.infer<typeof tutorMessageSchema>;

export const tutorThreadDetailSchema = tutorThreadSchema.extend({
  lesson_id: id,
  messages: z.array(tutorMessageSchema),
});
export type TutorThreadDetail = z.infer<typeof tutorThreadDetailSchema>;

/** POST lessons/chat. */
export const tutorChatInputSchema = z.object({
  assistantId: z
    .string()
    .max(64)
    .regex(/^lesson-\d{1,10}(-offline)?$/, "assistantId must be an assistant id from GET lessons/{id}/openai"),
  /** A thread of this lesson from GET lessons/{id}/openai; none (or null) starts a new one. */
  threadId: z.number().int().positive().max(2_147_483_647, "threadId is not a conversation id").nullish(),
  question: z
    .string()
    .trim()
    .check(noControlCharacters("A question", { multiline: true }))
    .min(1, "Ask a question first.")
    .max(TUTOR_QUESTION_MAX, `A question can be at most ${TUTOR_QUESTION_MAX} characters.`),
});
export type TutorChatInput = z.infer<typeof tutorChatInputSchema>;

/**
 * The streamed answer of POST lessons/chat (text/event-stream), one JSON object per event:
 * `delta` (text to append), `retract` (discard the answer so far: it gave a quiz answer away; a hint follows),
 * `done` (saved: thread and message ids, questions left), `error` (nothing counted or saved; `offline`: the
 * offline assistant can answer instead).
 */
export type TutorStreamEvent =
  | { type: "delta"; text: string }
  | { type: "retract" }
  | {
      type: "done";
      thread_id: number;
      message_id: number;
      assistant: TutorAssistantKind;
      questions_left: number;
      guarded: boolean;
    }
  | { type: "error"; message: string; offline: boolean };

export const TUTOR_MESSAGES = {
  offlineLead: "**Offline assistant** (answers from this lesson's text):",
  providerDown: "The AI tutor can not be reached right now. Your question was not counted.",
  providerTimeout: "The AI tutor took too long to answer. Your question was not counted.",
  providerBusy: "The AI tutor is busy right now (its provider is rate-limiting us). Your question was not counted.",
  providerMalformed: "The AI tutor sent an answer we could not read. Your question was not counted.",
  threadNotFound: "Conversation not found.",
  wrongAssistant: "This assistant does not belong to this lesson. Reload the lesson and ask again.",
} as const;
