// The review module's public surface: missed quizzes as FSRS cards, the due list and the graded review answer.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { type Card, fsrs, generatorParameters, Rating, type State } from "ts-fsrs";
import {
  REVIEW_BATCH,
  REVIEW_DAY_XP,
  type ReviewAnswerInput,
  type ReviewDue,
  type ReviewResult,
} from "@neonlab/shared/schemas/review";
import { addDays } from "@neonlab/shared/streak";
import { dayStart } from "@neonlab/shared/streak-zone";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../errors.ts";
import type { DbAccess } from "../../transaction.ts";
import { gradeReviewAnswer, type QuizOrder, reviewableQuizIds, reviewQuizzes } from "../learning/service.ts";
import { grantXp, lockStreak, offlineStreakInstant, recordCompletionDay } from "../progress/service.ts";
import { reviewCards } from "./schema.ts";

// Day-sized steps only (no minute-long learning steps: this is a review of the day), and no fuzz, so the
// same answers give the same schedule (docs/decisions/045).
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

type CardRow = typeof reviewCards.$inferSelect;

const toFsrs = (row: CardRow, now: Date): Card => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  elapsed_days: row.lastReview ? Math.max(0, Math.floor((now.getTime() - row.lastReview.getTime()) / 86_400_000)) : 0,
  scheduled_days: row.scheduledDays,
  learning_steps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state as State,
  last_review: row.lastReview ?? undefined,
});

/**
 * The card's next schedule after an answer at `now`: right is FSRS's Good, wrong its Again. A schedule of whole
 * days starts at the beginning of that local day in the learner's zone, so a card due "in 3 days" is in that
 * day's review from its first hour, wherever the learner lives.
 */
export function nextSchedule(row: CardRow, correct: boolean, now: Date, zone: string, today: string) {
  const { card } = scheduler.next(toFsrs(row, now), now, correct ? Rating.Good : Rating.Again);
  const days = Math.max(1, card.scheduled_days);
  return {
    due: new Date(dayStart(addDays(today, days), zone)),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as number,
    lastReview: now,
  };
}

/**
 * A missed quiz becomes a card due at once, in the transaction of the wrong answer (quiz.missed). Missed again
 * while its card waits for a later day, the card is due at once again; its memory state stays.
 */
export async function addMissedQuiz(tx: Db, missed: { userId: string; quizId: number }, now = new Date()) {
  await tx
    .insert(reviewCards)
    .values({ userId: missed.userId, quizId: missed.quizId, due: now })
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.quizId],
      set: { due: sql`least(${reviewCards.due}, excluded.due)` },
    });
}

/**
 * GET /api/review: how many cards are due and the next few, each quiz as its lesson shows it unanswered. Cards
 * whose quiz can not be reviewed now (removed, or a premium lesson without access) are left out of both.
 */
export async function dueCards(db: Db, order: QuizOrder, userId: string, now = new Date()): Promise<ReviewDue> {
  const rows = await db
    .select({ id: reviewCards.id, quizId: reviewCards.quizId, due: reviewCards.due })
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), lte(reviewCards.due, now)))
    .orderBy(asc(reviewCards.due), asc(reviewCards.id));
  const open = await reviewableQuizIds(db, userId, [...new Set(rows.map((r) => r.quizId))]);
  const due = rows.filter((r) => open.has(r.quizId));
  const next = due.slice(0, REVIEW_BATCH);
  const quizzes = await reviewQuizzes(
    db,
    order,
    userId,
    next.map((r) => r.quizId),
  );
  return {
    due_count: due.length,
    cards: next.flatMap((r) => {
      const quiz = quizzes.get(r.quizId);
      return quiz ? [{ id: r.id, due: r.due.toISOString(), quiz: quiz.quiz, lesson: quiz.lesson }] : [];
    }),
  };
}

/**
 * Answers a due card: graded as its lesson grades the quiz; the card moves out (right) or comes back the next
 * day (wrong). The answer is the day's activity: it keeps the streak and gives REVIEW_DAY_XP once per local day
 * (ledger reference day:<local day>). The day is the answer's own (`answeredAt`, an answer given offline) when
 * the streak's rule takes it (offlineStreakInstant), else the day it arrives; the card is scheduled from that moment.
 * The streak row's lock serialises a learner's answers, so a card is answered once per due time (409 for the
 * second) and the day's XP is given once however many run at once.
 */
export async function answerCard(
  deps: DbAccess,
  order: QuizOrder,
  userId: string,
  cardId: number,
  { answer, answeredAt }: ReviewAnswerInput,
  now = new Date(),
): Promise<ReviewResult> {
  const at = await offlineStreakInstant(deps.db, userId, answeredAt, now);
  const [card] = await deps.db
    .select({ quizId: reviewCards.quizId })
    .from(reviewCards)
    .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)));
  if (!card) throw notFound("No such review card.");
  const verdict = await gradeReviewAnswer(deps.db, order, userId, card.quizId, answer);
  return deps.transaction(async ({ db: tx }) => {
    const locked = await lockStreak(tx, userId, at, { completing: true });
    const [row] = await tx
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)));
    if (!row) throw notFound("No such review card.");
    if (row.due > now) throw conflict("This card is not due yet: it comes back in a later review.");
    const next = nextSchedule(row, verdict.correct, at, locked.zone, locked.today);
    await tx.update(reviewCards).set(next).where(eq(reviewCards.id, cardId));
    const xpAwarded = await grantXp(tx, {
      userId,
      amount: REVIEW_DAY_XP,
      reason: "review_day",
      reference: `day:${locked.today}`,
      description: "Daily review",
    });
    await recordCompletionDay(tx, userId, locked);
    return { card_id: cardId, ...verdict, next_due: next.due.toISOString(), xp_awarded: xpAwarded };
  });
}
