import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { CreateGiveaway, GiveawayRound, GiveawayState } from "@neonlab/shared/schemas/giveaway";
import type { Db } from "../../../db/client.ts";
import { badRequest, conflict, notFound } from "../../../errors.ts";
import type { RunInTransaction, Tx } from "../../../transaction.ts";
import { profileRows } from "../../identity/service.ts";
import { giveawayEntries, giveawayRounds, giveawayWinners } from "./schema.ts";

// The NeonBits giveaway (docs/decisions/020): rounds an admin creates, one entry per user per round,
// winners drawn at the end by draw.ts from the seed whose hash was published at the start.

type RoundRow = typeof giveawayRounds.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A round as anyone may see it: the seed only once drawn. */
function present(row: RoundRow, entryCount: number, winners: GiveawayRound["winnerList"]): GiveawayRound {
  const drawn = row.drawnAt !== null;
  return {
    id: row.id,
    title: row.title,
    prize: row.prize,
    winners: row.winners,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    repeatDays: row.repeatDays,
    seedHash: row.seedHash,
    entryCount: drawn ? (row.entryCount ?? 0) : entryCount,
    drawnAt: iso(row.drawnAt),
    seed: drawn ? row.seed : null,
    entriesHash: drawn ? row.entriesHash : null,
    winnerList: winners,
  };
}

async function winnersOf(db: Db, roundIds: number[]) {
  if (roundIds.length === 0) return new Map<number, GiveawayRound["winnerList"]>();
  const { table: profiles, card } = profileRows;
  const rows = await db
    .select({
      roundId: giveawayWinners.roundId,
      position: giveawayWinners.position,
      ticket: giveawayWinners.ticket,
      username: card.username,
      displayName: card.displayName,
    })
    .from(giveawayWinners)
    .leftJoin(profiles, eq(card.userId, giveawayWinners.userId))
    .where(inArray(giveawayWinners.roundId, roundIds))
    .orderBy(asc(giveawayWinners.roundId), asc(giveawayWinners.position));
  const map = new Map<number, GiveawayRound["winnerList"]>();
  for (const { roundId, ...winner } of rows) map.set(roundId, [...(map.get(roundId) ?? []), winner]);
  return map;
}

/** The round open now, else the next to open; null when none is planned. */
async function currentRound(db: Db): Promise<RoundRow | null> {
  const [open] = await db
    .select()
    .from(giveawayRounds)
    .where(and(lte(giveawayRounds.startsAt, sql`now()`), gt(giveawayRounds.endsAt, sql`now()`)))
    .orderBy(asc(giveawayRounds.endsAt), asc(giveawayRounds.id))
    .limit(1);
  if (open) return open;
  const [next] = await db
    .select()
    .from(giveawayRounds)
    .where(gt(giveawayRounds.startsAt, sql`now()`))
    .orderBy(asc(giveawayRounds.startsAt), asc(giveawayRounds.id))
    .limit(1);
  return next ?? null;
}

/** GET /api/giveaway: the current round, its entry count and the caller's ticket. */
export async function getGiveawayState(db: Db, userId: string | null): Promise<GiveawayState> {
  const round = await currentRound(db);
  let current: GiveawayRound | null = null;
  let entry: GiveawayState["entry"] = null;
  if (round) {
    const [counted] = await db
      .select({ n: count() })
      .from(giveawayEntries)
      .where(eq(giveawayEntries.roundId, round.id));
    current = present(round, counted?.n ?? 0, []);
    if (userId) {
      const [mine] = await db
        .select({ ticket: giveawayEntries.ticket, createdAt: giveawayEntries.createdAt })
        .from(giveawayEntries)
        .where(and(eq(giveawayEntries.roundId, round.id), eq(giveawayEntries.userId, userId)));
      entry = mine ? { ticket: mine.ticket, enteredAt: mine.createdAt.toISOString() } : null;
    }
  }
  return { current, entry, serverTime: new Date().toISOString() };
}

/** Enters the user in the round open now, once: 409 when already entered or no round is open. */
export async function enterGiveaway(transaction: RunInTransaction, db: Db, userId: string): Promise<GiveawayState> {
  await transaction(async ({ db: tx }) => {
    const [round] = await tx
      .select({ id: giveawayRounds.id })
      .from(giveawayRounds)
      .where(and(lte(giveawayRounds.startsAt, sql`now()`), gt(giveawayRounds.endsAt, sql`now()`)))
      .orderBy(asc(giveawayRounds.endsAt), asc(giveawayRounds.id))
      .limit(1);
    if (!round) throw conflict("No giveaway round is open right now. Come back when the next one starts.");
    const inserted = await tx
      .insert(giveawayEntries)
      .values({ roundId: round.id, userId, ticket: randomBytes(8).toString("hex") })
      .onConflictDoNothing()
      .returning({ ticket: giveawayEntries.ticket });
    if (inserted.length === 0) throw conflict("You have already entered this round. One entry per round.");
  });
  return getGiveawayState(db, userId);
}

/** GET /api/giveaway/rounds: drawn rounds with winners and verification data, newest first (keyset on id). */
export async function listDrawnRounds(db: Db, limit: number, before?: number) {
  const rows = await db
    .select()
    .from(giveawayRounds)
    .where(and(isNotNull(giveawayRounds.drawnAt), before ? lt(giveawayRounds.id, before) : undefined))
    .orderBy(desc(giveawayRounds.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const winners = await winnersOf(
    db,
    page.map((r) => r.id),
  );
  return {
    rounds: page.map((row) => present(row, row.entryCount ?? 0, winners.get(row.id) ?? [])),
    next: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/**
 * A page of a drawn round's tickets in byte order (what its entries' hash is made of, all pages together):
 * keyset on (round_id, ticket collate "C"), `after` = the previous page's `next`. 404 before the draw.
 */
export async function listTickets(db: Db, roundId: number, limit: number, after?: string) {
  const [round] = await db.select().from(giveawayRounds).where(eq(giveawayRounds.id, roundId));
  if (!round) throw notFound("There is no giveaway round with this id.");
  if (!round.drawnAt) throw notFound("The entries of this round are published with its draw.");
  const ordered = sql`${giveawayEntries.ticket} collate "C"`;
  const rows = await db
    .select({ ticket: giveawayEntries.ticket })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.roundId, roundId), after === undefined ? undefined : sql`${ordered} > ${after}`))
    .orderBy(ordered)
    .limit(limit + 1);
  const tickets = rows.slice(0, limit).map((r) => r.ticket);
  return { roundId, entriesHash: round.entriesHash, tickets, next: rows.length > limit ? tickets.at(-1)! : null };
}

/** Creates a round (admins): the seed is made now and only its hash is shown until the draw, enqueued for the end. */
export async function createRound(tx: Tx, createdBy: string | null, input: CreateGiveaway): Promise<GiveawayRound> {
  const startsAt = input.startsAt ? new Date(input.startsAt) : new Date();
  const endsAt = new Date(input.endsAt);
  if (endsAt.getTime() <= Date.now()) throw badRequest("endsAt must be in the future");
  const seed = randomBytes(32).toString("hex");
  const [row] = await tx.db
    .insert(giveawayRounds)
    .values({
      title: input.title,
      prize: input.prize,
      winners: input.winners,
      startsAt,
      endsAt,
      repeatDays: input.repeatDays ?? null,
      seed,
      seedHash: createHash("sha256").update(seed).digest("hex"),
      createdBy,
    })
    .returning();
  await tx.enqueue("giveaway-draw", { roundId: row!.id }, { startAfter: endsAt });
  return present(row!, 0, []);
}

/** Every round, newest first, for the admin page (the seed stays hidden until drawn here too). */
export async function listAllRounds(db: Db, limit: number) {
  const rows = await db
    .select({ round: giveawayRounds, entries: count(giveawayEntries.userId) })
    .from(giveawayRounds)
    .leftJoin(giveawayEntries, eq(giveawayEntries.roundId, giveawayRounds.id))
    .groupBy(giveawayRounds.id)
    .orderBy(desc(giveawayRounds.id))
    .limit(limit);
  const winners = await winnersOf(
    db,
    rows.map((r) => r.round.id),
  );
  return rows.map(({ round, entries }) => present(round, entries, winners.get(round.id) ?? []));
}

/**
 * Deletes the rounds not drawn yet among `ids` and those `createdBy` created (the demo content's removal, decision
 * 042): their entries go with them, and a draw job that still comes finds no round. Drawn rounds stay: their
 * winners were paid. Answers how many went.
 */
export async function deleteUndrawnRounds(tx: Db, which: { ids: number[]; createdBy: string[] }): Promise<number> {
  const picked = [
    ...(which.ids.length > 0 ? [inArray(giveawayRounds.id, which.ids)] : []),
    ...(which.createdBy.length > 0 ? [inArray(giveawayRounds.createdBy, which.createdBy)] : []),
  ];
  if (picked.length === 0) return 0;
  const deleted = await tx
    .delete(giveawayRounds)
    .where(and(isNull(giveawayRounds.drawnAt), or(...picked)))
    .returning({ id: giveawayRounds.id });
  return deleted.length;
}
