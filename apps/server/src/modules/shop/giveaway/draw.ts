import { eq, sql } from "drizzle-orm";
import { drawWinners, entriesHash } from "@neonlab/shared/giveaway-draw";
import type { RunInTransaction, Tx } from "../../../transaction.ts";
import { grantNeonBits } from "../../wallet/service.ts";
import { giveawayEntries, giveawayRounds, giveawayWinners } from "./schema.ts";
import { createRound } from "./service.ts";

const DAY = 86_400_000;

export type DrawOutcome = "drawn" | "already-drawn" | "not-yet" | "missing";

/**
 * Draws a round once (the pg-boss job "giveaway-draw" at its end): the round row is locked, so a
 * second job or instance waits and then finds it drawn. Winners get the prize through the ledger
 * (reference giveaway:<round>: once, whatever happens) and giveaway.won is published with the commit.
 * A repeating round opens its successor here, with its own draw enqueued.
 */
export async function drawRound(
  transaction: RunInTransaction,
  roundId: number,
  now = new Date(),
): Promise<DrawOutcome> {
  return transaction(async (tx) => {
    const [round] = await tx.db.select().from(giveawayRounds).where(eq(giveawayRounds.id, roundId)).for("update");
    if (!round) return "missing";
    if (round.drawnAt) return "already-drawn";
    if (round.endsAt.getTime() > now.getTime()) {
      // Early (a clock apart, or an admin moved the end): wait for the end again.
      await tx.enqueue("giveaway-draw", { roundId }, { startAfter: round.endsAt });
      return "not-yet";
    }
    const entries = await tx.db
      .select({ ticket: giveawayEntries.ticket, userId: giveawayEntries.userId })
      .from(giveawayEntries)
      .where(eq(giveawayEntries.roundId, roundId));
    const tickets = entries.map((e) => e.ticket);
    const owner = new Map(entries.map((e) => [e.ticket, e.userId]));
    const winners = await drawWinners(round.seed, tickets, round.winners);
    for (const [i, ticket] of winners.entries()) {
      const userId = owner.get(ticket)!;
      await tx.db.insert(giveawayWinners).values({ roundId, position: i + 1, ticket, userId });
      await grantNeonBits(tx.db, {
        userId,
        amount: round.prize,
        reason: "giveaway_won",
        reference: `giveaway:${roundId}`,
        description: `Won the giveaway "${round.title}"`,
      });
      await tx.publish("giveaway.won", { userId, roundId, title: round.title, prize: round.prize });
    }
    await tx.db
      .update(giveawayRounds)
      .set({ drawnAt: sql`now()`, entriesHash: await entriesHash(tickets), entryCount: tickets.length })
      .where(eq(giveawayRounds.id, roundId));
    if (round.repeatDays) await openNextRound(tx, round, now);
    return "drawn";
  });
}

async function openNextRound(tx: Tx, round: typeof giveawayRounds.$inferSelect, now: Date) {
  const length = round.repeatDays! * DAY;
  // Rounds follow each other without a gap; when the server was down for a whole round, the next starts now.
  const end = round.endsAt.getTime();
  const startsAt = new Date(end + length > now.getTime() ? end : now.getTime());
  await createRound(tx, round.createdBy, {
    title: round.title,
    prize: round.prize,
    winners: round.winners,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + length).toISOString(),
    repeatDays: round.repeatDays,
  });
}
