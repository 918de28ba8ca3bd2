import { expect } from "vitest";
import { EXPECT, jsonOf, type MatrixContext, type RouteEntry } from "./types.ts";
import { saveExchange } from "../../modules/tutor/service.ts";

const { signedIn, ownerOnly, premium } = EXPECT;

/** A thread of user A's (the owner in ownerOnly rows), with a question only they asked. */
const threadOfA = async (ctx: MatrixContext) =>
  saveExchange(ctx.app.ctx.db, {
    userId: ctx.users.userA.id,
    lessonId: ctx.learning.lessonId,
    threadId: null,
    question: `A's private question ${ctx.users.userA.secret}`,
    answer: "An answer.",
    assistant: "offline",
  });

/** Authorization matrix rows of the tutor module (test/authz-matrix.ts). */
export const TUTOR_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/lessons/:id/openai",
    access: "user",
    cases: [
      {
        name: "the free lesson's assistant and the caller's own threads",
        request: (ctx) => ({ method: "GET", url: `/api/lessons/${ctx.learning.lessonId}/openai` }),
        expect: signedIn(200),
        check: (_ctx, actor, res) => {
          if (actor !== "userA") expect(JSON.stringify(jsonOf(res))).not.toContain("A's private question");
        },
      },
      {
        name: "a premium lesson's assistant: only with access",
        request: (ctx) => ({ method: "GET", url: `/api/lessons/${ctx.learning.premiumLessonId}/openai` }),
        expect: premium(401),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/lessons/chat",
    access: "user",
    cases: [
      {
        name: "ask the free lesson's assistant (the offline one here)",
        request: (ctx) => ({
          method: "POST",
          url: "/api/lessons/chat",
          payload: { assistantId: `lesson-${ctx.learning.lessonId}`, question: "What is this lesson about?" },
        }),
        expect: signedIn(200),
      },
      {
        name: "continue user A's thread: only user A",
        setup: threadOfA,
        request: (ctx, _actor, thread: { threadId: number }) => ({
          method: "POST",
          url: "/api/lessons/chat",
          payload: { assistantId: `lesson-${ctx.learning.lessonId}`, threadId: thread.threadId, question: "And then?" },
        }),
        expect: ownerOnly(200, 404),
      },
      {
        name: "ask a premium lesson's assistant: only with access",
        request: (ctx) => ({
          method: "POST",
          url: "/api/lessons/chat",
          payload: { assistantId: `lesson-${ctx.learning.premiumLessonId}-offline`, question: "Hi?" },
        }),
        expect: premium(401),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/lessons/chat/threads/:id",
    access: "user",
    cases: [
      {
        name: "user A's thread: only user A reads it",
        setup: threadOfA,
        request: (_ctx, _actor, thread: { threadId: number }) => ({
          method: "GET",
          url: `/api/lessons/chat/threads/${thread.threadId}`,
        }),
        expect: ownerOnly(200, 404),
      },
    ],
  },
  {
    method: "DELETE",
    url: "/api/lessons/chat/threads/:id",
    access: "user",
    cases: [
      {
        name: "user A's thread: only user A deletes it",
        setup: threadOfA,
        request: (_ctx, _actor, thread: { threadId: number }) => ({
          method: "DELETE",
          url: `/api/lessons/chat/threads/${thread.threadId}`,
        }),
        expect: ownerOnly(200, 404),
      },
    ],
  },
];
