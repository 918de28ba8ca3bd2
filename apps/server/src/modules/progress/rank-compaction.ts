import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * How often the rank histograms' moves are folded. Positions are exact whatever it is (readers sum every
 * row); it bounds how many rows a position's sum reads: at 1,000 completions a second, ~8,000.
 */
export const RANK_COMPACT_EVERY_MS = 2_000;

/** Folds each XP value's rows of both rank histograms into one (sql/rank-histograms.sql); the number of rows folded. */
export async function compactRankHistograms(db: Db): Promise<number> {
  const result = (await db.execute(sql`select compact_rank_histograms() as folded`)) as unknown as {
    rows: { folded: number }[];
  };
  return Number(result.rows[0]?.folded ?? 0);
}
