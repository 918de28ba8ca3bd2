import { drawWinners, entriesHash, sha256Hex } from "@neonlab/shared/giveaway-draw";
import type { GiveawayRound } from "@neonlab/shared/schemas/giveaway";

export type Verdict = { ok: boolean; checks: { label: string; ok: boolean }[] };

/** Repeats a drawn round's checks in the browser: the seed matches its published hash, the tickets the entries' hash, the draw the winners. */
export async function verifyRound(round: GiveawayRound, tickets: string[]): Promise<Verdict> {
  const seed = round.seed ?? "";
  const winners = await drawWinners(seed, tickets, round.winners);
  const checks = [
    { label: "The revealed seed has the hash published at the start", ok: (await sha256Hex(seed)) === round.seedHash },
    { label: "The published tickets make the entries hash", ok: (await entriesHash(tickets)) === round.entriesHash },
    {
      label: "Drawing again gives the same winners",
      ok: winners.join(",") === round.winnerList.map((w) => w.ticket).join(","),
    },
  ];
  return { ok: checks.every((c) => c.ok), checks };
}
