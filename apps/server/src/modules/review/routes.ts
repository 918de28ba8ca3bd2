import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { reviewAnswerSchema, reviewDueSchema, reviewResultSchema } from "@neonlab/shared/schemas/review";
import { idParam } from "../../lib/id-param.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { requireUser } from "../../session-guards.ts";
import { createQuizOrder } from "../learning/service.ts";
import { answerCard, dueCards } from "./service.ts";

/** The daily review of missed quizzes: the caller's due cards and their answers. */
export async function reviewRoutes(app: FastifyInstance, { ctx }: ModuleOptions) {
  const quizOrder = createQuizOrder(ctx.config.authSecret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/review",
    {
      schema: {
        summary: "Own due review cards: how many, and the next ones (quizzes without answers)",
        response: { 200: reviewDueSchema },
      },
    },
    async (request) => dueCards(ctx.db, quizOrder, requireUser(request).id),
  );

  r.post(
    "/api/review/:cardId/answer",
    {
      // 409: the card is not due (answered already); 404 also when its quiz can no longer be reviewed.
      config: { errors: [409] },
      schema: {
        summary: "Answer a due review card: graded as in its lesson, scheduled again, the day's review XP once",
        params: z.object({ cardId: idParam("cardId") }),
        body: reviewAnswerSchema,
        response: { 200: reviewResultSchema },
      },
    },
    async (request) => answerCard(ctx, quizOrder, requireUser(request).id, request.params.cardId, request.body),
  );
}
