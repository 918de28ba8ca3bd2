import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { reviewCards } from "../../modules/review/schema.ts";
import { EXPECT, jsonOf, type MatrixContext, me, type RouteEntry } from "./types.ts";

const { signedIn, ownerOnly } = EXPECT;

/** A card of the free lesson's quiz for `userId`, due now (made or made due again). */
async function dueCard(ctx: MatrixContext, userId: string): Promise<{ id: number }> {
  const now = new Date();
  const [card] = await ctx.app.ctx.db
    .insert(reviewCards)
    .values({ userId, quizId: ctx.learning.quizId, due: now })
    .onConflictDoUpdate({ target: [reviewCards.userId, reviewCards.quizId], set: { due: now } })
    .returning({ id: reviewCards.id });
  return card!;
}

/** Authorization matrix rows of the review module (test/authz-matrix.ts). */
export const REVIEW_ROUTES: RouteEntry[] = [
  {
    method: "GET",
    url: "/api/review",
    access: "user",
    cases: [
      {
        name: "own due cards only",
        setup: async (ctx, actor) => {
          await dueCard(ctx, ctx.users.userB.id);
          const user = me(ctx, actor);
          return user ? dueCard(ctx, user.id) : null;
        },
        request: () => ({ method: "GET", url: "/api/review" }),
        expect: signedIn(200),
        check: async (ctx, actor, res, own: { id: number } | null) => {
          const ids = (jsonOf(res).cards as { id: number }[]).map((c) => c.id);
          expect(ids).toEqual([own!.id]);
          const owners = await ctx.app.ctx.db
            .select({ userId: reviewCards.userId })
            .from(reviewCards)
            .where(eq(reviewCards.id, own!.id));
          expect(owners).toEqual([{ userId: me(ctx, actor)!.id }]);
        },
      },
    ],
  },
  {
    method: "POST",
    url: "/api/review/:cardId/answer",
    access: "user",
    cases: [
      {
        name: "answer user A's due card",
        setup: (ctx) => dueCard(ctx, ctx.users.userA.id),
        request: (ctx, _actor, card: { id: number }) => ({
          method: "POST",
          url: `/api/review/${card.id}/answer`,
          payload: { answer: ctx.learning.correct },
        }),
        expect: ownerOnly(200, 404),
        check: (_ctx, actor, res) => {
          if (actor === "userA") expect(jsonOf(res)).toMatchObject({ correct: true });
        },
      },
      {
        name: "answer an own due card",
        setup: async (ctx, actor) => {
          const user = me(ctx, actor);
          return user ? dueCard(ctx, user.id) : { id: 1 };
        },
        request: (ctx, _actor, card: { id: number }) => ({
          method: "POST",
          url: `/api/review/${card.id}/answer`,
          payload: { answer: ctx.learning.correct },
        }),
        expect: signedIn(200),
      },
    ],
  },
];
