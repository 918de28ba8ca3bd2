import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../../export-section.ts";
import { giveawayEntries, giveawayRounds, giveawayWinners } from "./schema.ts";

const round = { roundId: z.number().int(), roundTitle: z.string() };

/** The giveaway rounds the user entered (their ticket) and the ones they won (place and prize in NeonBits). */
export const giveawayExportSection = exportSection({
  key: "giveaway",
  title: "Giveaway entries and wins",
  schema: z.object({
    entries: z.array(z.object({ ...round, ticket: z.string(), at: timestamp })),
    wins: z.array(
      z.object({ ...round, position: z.number().int(), ticket: z.string(), prize: z.number().int(), at: timestamp }),
    ),
  }),
  async collect(db, userId) {
    const entries = await db
      .select({
        roundId: giveawayEntries.roundId,
        roundTitle: giveawayRounds.title,
        ticket: giveawayEntries.ticket,
        at: giveawayEntries.createdAt,
      })
      .from(giveawayEntries)
      .innerJoin(giveawayRounds, eq(giveawayRounds.id, giveawayEntries.roundId))
      .where(eq(giveawayEntries.userId, userId))
      .orderBy(asc(giveawayEntries.createdAt), asc(giveawayEntries.roundId));
    const wins = await db
      .select({
        roundId: giveawayWinners.roundId,
        roundTitle: giveawayRounds.title,
        position: giveawayWinners.position,
        ticket: giveawayWinners.ticket,
        prize: giveawayRounds.prize,
        at: giveawayWinners.createdAt,
      })
      .from(giveawayWinners)
      .innerJoin(giveawayRounds, eq(giveawayRounds.id, giveawayWinners.roundId))
      .where(eq(giveawayWinners.userId, userId))
      .orderBy(asc(giveawayWinners.createdAt), asc(giveawayWinners.roundId));
    return {
      entries: entries.map((e) => ({ ...e, at: iso(e.at) })),
      wins: wins.map((w) => ({ ...w, at: iso(w.at) })),
    };
  },
});
