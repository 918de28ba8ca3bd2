import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import {
  TUTOR_MESSAGES,
  TUTOR_QUESTIONS_PER_MINUTE,
  type TutorChatInput,
  type TutorInfo,
  tutorAssistantId,
} from "@neonlab/shared/schemas/tutor";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { notFound, rateLimited } from "../../errors.ts";
import type { RateLimits } from "../../lib/rate-limits.ts";
import { assertTutorLessonAccess, tutorLessonContent, withQuizStates } from "../learning/service.ts";
import { type ChatRun, runChat } from "./chat.ts";
import { offlineProvider } from "./offline-provider.ts";
import { openAiProvider } from "./openai-provider.ts";
import type { ChatProvider } from "./provider.ts";
import { allowance, askerState, limitMessage, listThreads, takeQuestion } from "./service.ts";
import { sseResponse } from "./sse-response.ts";

/** The assistants a lesson offers: the configured one (a model, or offline without one) and always the offline one. */
export type TutorProviders = { configured: ChatProvider; offline: ChatProvider };

export type TutorDeps = { db: Db; limits: RateLimits; providers: TutorProviders };

/** The response an answer streams into: closed before it finished, the learner went away. */
export type AnswerListener = { on(event: "close", listener: () => void): unknown; readonly writableFinished: boolean };

export function tutorProviders(config: Config): TutorProviders {
  const offline = offlineProvider();
  const configured =
    config.OPENAI_BASE_URL || config.OPENAI_API_KEY
      ? openAiProvider({
          baseURL: config.OPENAI_BASE_URL,
          apiKey: config.OPENAI_API_KEY,
          model: config.OPENAI_MODEL,
          timeoutMs: config.OPENAI_TIMEOUT_MS,
        })
      : offline;
  return { configured, offline };
}

/** The lesson's assistant for the caller: its ids, model or offline, questions left today and their threads. */
export async function assistantInfo(
  { db, providers: { configured } }: TutorDeps,
  userId: string,
  lessonId: number,
): Promise<TutorInfo> {
  const [lesson, a] = await Promise.all([tutorLessonContent(db, lessonId), allowance(db, userId)]);
  assertTutorLessonAccess(lesson, a.hasAccess);
  return {
    lesson_id: lesson.id,
    assistant_id: tutorAssistantId(lesson.id, configured.kind),
    offline_assistant_id: tutorAssistantId(lesson.id, "offline"),
    kind: configured.kind,
    model: configured.model,
    questions_per_day: a.limit,
    questions_left: Math.max(0, a.limit - a.used),
    resets_at: a.resetsAt.toISOString(),
    time_zone: a.zone,
    threads: await listThreads(db, userId, lesson.id),
  };
}

/**
 * Asks the lesson's assistant: the refusals come first (an unknown lesson or thread, no access, 30 questions
 * a minute, the day's allowance), as errors before any byte is sent; then the question is taken from the
 * day's allowance and the answer streams as SSE frames. The listener closing early stops the provider.
 */
export async function askTutor(
  { db, limits, providers }: TutorDeps,
  userId: string,
  input: TutorChatInput,
  listener: AnswerListener,
  log: FastifyBaseLogger,
): Promise<Readable> {
  const threadId = input.threadId ?? null;
  const [, id, offlineSuffix] = /^lesson-(\d+)(-offline)?$/.exec(input.assistantId) ?? [];
  const lessonId = Number(id);
  if (!Number.isSafeInteger(lessonId) || lessonId < 1 || lessonId > 2_147_483_647) {
    throw notFound("Lesson not found.");
  }
  // The lesson is in memory; one read about the asker (with their quiz states, for the prompt and the leak guard).
  const content = await tutorLessonContent(db, lessonId);
  const asker = await askerState(db, userId, threadId, new Date(), content);
  assertTutorLessonAccess(content, asker.hasAccess);
  if (threadId !== null && asker.threadLesson !== content.id) throw notFound(TUTOR_MESSAGES.threadNotFound);
  const wait = await limits.hit(`tutor:${userId}`, { max: TUTOR_QUESTIONS_PER_MINUTE, windowSeconds: 60 });
  if (wait > 0) {
    throw rateLimited(
      wait,
      `That is ${TUTOR_QUESTIONS_PER_MINUTE} questions in a minute. Please wait ${wait} seconds.`,
    );
  }
  const a = asker.today;
  const taken = await takeQuestion(db, userId, a.day, a.limit);
  if (taken === null) {
    throw rateLimited(Math.max(1, Math.ceil((a.resetsAt.getTime() - Date.now()) / 1000)), limitMessage(a));
  }
  const abort = new AbortController();
  listener.on("close", () => {
    if (!listener.writableFinished) abort.abort(new Error("the client went away"));
  });
  const chat: ChatRun = {
    db,
    provider: offlineSuffix ? providers.offline : providers.configured,
    userId,
    lessonId: content.id,
    context: { lesson: withQuizStates(content, asker.quizStates), history: asker.history },
    threadId,
    question: input.question,
    usage: { day: a.day, left: a.limit - taken },
    signal: abort.signal,
    log,
  };
  return sseResponse((emit) => runChat(chat, emit), log);
}
