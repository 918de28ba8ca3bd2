import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { tutorChatInputSchema, tutorInfoSchema, tutorThreadDetailSchema } from "@neonlab/shared/schemas/tutor";
import { requireUser } from "../../session-guards.ts";
import { idParam } from "../../lib/id-param.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { askTutor, assistantInfo, type TutorDeps, tutorProviders } from "./assistant.ts";
import { deleteThread, getThread } from "./service.ts";

const tags = ["tutor"];

/** The lesson's AI tutor (spec §7 lessons/{id}/openai, lessons/chat; product rules "AI assistant"; decision 030). */
export async function tutorRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const { db, limits, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tutor: TutorDeps = { db, limits, providers: tutorProviders(config) };

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
    async (request) => assistantInfo(tutor, requireUser(request).id, request.params.id),
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
      const answer = await askTutor(tutor, requireUser(request).id, request.body, reply.raw, request.log);
      return (
        reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-cache, no-transform")
          .header("x-accel-buffering", "no")
          // A stream: the documented body is the event text (text/event-stream), which the type provider reads as a string.
          .send(answer as unknown as string)
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
