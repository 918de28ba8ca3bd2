import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  TUTOR_MESSAGES,
  TUTOR_QUESTIONS_PER_MINUTE,
  tutorAssistantId,
  tutorChatInputSchema,
  tutorInfoSchema,
  tutorThreadDetailSchema,
} from "@neonlab/shared/schemas/tutor";
import { requireUser } from "../../auth/session.ts";
import { notFound, rateLimited } from "../../errors.ts";
import { idParam } from "../../lib/id-param.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { assertTutorLessonAccess, tutorLessonContent, withQuizStates } from "../learning/service.ts";
import { runChat } from "./chat.ts";
import { offlineProvider } from "./offline-provider.ts";
import { openAiProvider } from "./openai-provider.ts";
import type { ChatProvider } from "./provider.ts";
import { sseResponse } from "./sse-response.ts";
import { allowance, askerState, deleteThread, getThread, limitMessage, listThreads, takeQuestion } from "./service.ts";

const tags = ["tutor"];

/** The lesson's AI tutor (spec §7 lessons/{id}/openai, lessons/chat; product rules "AI assistant"; decision 030). */
export async function tutorRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const { db, config, limits } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const offline = offlineProvider();
  const configured: ChatProvider =
    config.OPENAI_BASE_URL || config.OPENAI_API_KEY
      ? openAiProvider({
          baseURL: config.OPENAI_BASE_URL,
          apiKey: config.OPENAI_API_KEY,
          model: config.OPENAI_MODEL,
          timeoutMs: config.OPENAI_TIMEOUT_MS,
        })
      : offline;

  r.get(
    "/api/lessons/:id/openai",
    {
      schema: {
        tags,
        summary: "The lesson's assistant: its id, model or offline, questions left today and the caller's threads",
        params: z.object({ id: idParam("id") }),
        response: { 200: tutorInfoSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [lesson, a] = await Promise.all([tutorLessonContent(db, request.params.id), allowance(db, user.id)]);
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
        threads: await listThreads(db, user.id, lesson.id),
      };
    },
  );

  r.post(
    "/api/lessons/chat",
    {
      schema: {
        tags,
        summary: "Ask the lesson's assistant; the answer streams as server-sent events (text/event-stream)",
        description:
          "Each event's data is a JSON object: `delta` {text}, `retract` (discard the answer so far; a hint follows), `done` {thread_id, message_id, assistant, questions_left, guarded} or `error` {message, offline}. Refusals before the stream starts (404, 403, 429) are JSON errors.",
        body: tutorChatInputSchema,
        response: {
          200: {
            description: "The answer, streamed",
            content: { "text/event-stream": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { assistantId, question } = request.body;
      const threadId = request.body.threadId ?? null;
      const [, id, offlineSuffix] = /^lesson-(\d+)(-offline)?$/.exec(assistantId) ?? [];
      const lessonId = Number(id);
      if (!Number.isSafeInteger(lessonId) || lessonId < 1 || lessonId > 2_147_483_647) {
        throw notFound("Lesson not found.");
      }
      // Before the stream: the refusal checks, on the lesson (in memory) and one read about the asker (with their
      // quiz states, for the prompt and the leak guard).
      const content = await tutorLessonContent(db, lessonId);
      const asker = await askerState(db, user.id, threadId, new Date(), content);
      assertTutorLessonAccess(content, asker.hasAccess);
      if (threadId !== null && asker.threadLesson !== content.id) throw notFound(TUTOR_MESSAGES.threadNotFound);
      const wait = await limits.hit(`tutor:${user.id}`, { max: TUTOR_QUESTIONS_PER_MINUTE, windowSeconds: 60 });
      if (wait > 0) {
        throw rateLimited(
          wait,
          `That is ${TUTOR_QUESTIONS_PER_MINUTE} questions in a minute. Please wait ${wait} seconds.`,
        );
      }
      const a = asker.today;
      const taken = await takeQuestion(db, user.id, a.day, a.limit);
      if (taken === null) {
        throw rateLimited(Math.max(1, Math.ceil((a.resetsAt.getTime() - Date.now()) / 1000)), limitMessage(a));
      }
      const abort = new AbortController();
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) abort.abort(new Error("the client went away"));
      });
      const chat = {
        db,
        provider: offlineSuffix ? offline : configured,
        userId: user.id,
        lessonId: content.id,
        context: { lesson: withQuizStates(content, asker.quizStates), history: asker.history },
        threadId,
        question,
        usage: { day: a.day, left: a.limit - taken },
        signal: abort.signal,
        log: request.log,
      };
      return (
        reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-cache, no-transform")
          .header("x-accel-buffering", "no")
          // A stream: the documented body is the event text (text/event-stream), which the type provider reads as a string.
          .send(sseResponse((emit) => runChat(chat, emit), request.log) as unknown as string)
      );
    },
  );

  r.get(
    "/api/lessons/chat/threads/:id",
    {
      schema: {
        tags,
        summary: "One of the caller's tutor conversations with its messages",
        params: z.object({ id: idParam("id") }),
        response: { 200: tutorThreadDetailSchema },
      },
    },
    async (request) => getThread(db, requireUser(request).id, request.params.id),
  );

  r.delete(
    "/api/lessons/chat/threads/:id",
    {
      schema: {
        tags,
        summary: "Delete one of the caller's tutor conversations",
        params: z.object({ id: idParam("id") }),
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteThread(db, requireUser(request).id, request.params.id);
      return { deleted: true as const };
    },
  );
}
