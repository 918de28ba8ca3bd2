import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * How often the rank histograms' moves are folded. Positions are exact whatever it is (readers sum every
 * row); it bounds how many rows a position's sum reads: at 1,000 completions a second, ~8,000.
 */
export const RANK_COMPACT_EVERY_MS = 2_000;

/** Folds each XP value's rows of both rank histograms into one (drizzle/0023); the number of rows folded. */
export async function compactRankHistograms(db: Db): Promise<number> {
  const result = (await db.execute(sql`select compact_rank_histograms() as folded`)) as unknown as {
    rows: { folded: number }[];
  };
  return Number(result.rows[0]?.folded ?? 0);
}

/** Runs the fold every `everyMs` while the app runs (each instance: concurrent folds are safe, see 0023). */
export function keepRankHistogramsCompact(app: FastifyInstance, db: Db, everyMs = RANK_COMPACT_EVERY_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = compactRankHistograms(db).catch((error) => app.log.warn({ err: error }, "rank histogram fold failed"));
  }, everyMs);
  timer.unref();
  app.addHook("preClose", async () => {
    clearInterval(timer);
    await running;
  });
}
