import { createHmac } from "node:crypto";

/**
 * The order a learner sees a quiz's options in: a permutation keyed by a server secret, the learner and
 * the quiz. The same for that learner on every visit, different between learners, unrelated to the order
 * in the content file (which the client never sees). Signed-out visitors share one such order.
 */
export type QuizOrder = <T extends { id: string }>(userId: string | null, quizId: number, options: T[]) => T[];

export function createQuizOrder(secret: string): QuizOrder {
  // A key of its own, so the auth secret is never used directly for something else.
  const key = createHmac("sha256", secret).update("neonlab:quiz-option-order").digest();
  return (userId, quizId, options) => {
    const seed = `${userId ?? "signed-out"}:${quizId}:`;
    const rank = new Map(
      options.map((o) => [
        o.id,
        createHmac("sha256", key)
          .update(seed + o.id)
          .digest("hex"),
      ]),
    );
    return [...options].sort((a, b) => (rank.get(a.id)! < rank.get(b.id)! ? -1 : 1));
  };
}
