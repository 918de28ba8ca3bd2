import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { HistoryEntry } from "@neonlab/shared/schemas/learning";
import { HISTORY_CURSOR } from "@neonlab/shared/schemas/learning";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { neonbitsHistoryRows as neonbitsLedger } from "../wallet/service.ts";
import { streakEvents, xpEvents } from "./schema.ts";

const HISTORY_SOURCES = [
  { kind: "xp", table: xpEvents },
  { kind: "neonbits", table: neonbitsLedger },
  { kind: "streak", table: streakEvents },
] as const;

export type HistoryPage = { entries: HistoryEntry[]; next: string | null };

/**
 * Why XP, streak and NeonBits are what they are: the three histories merged, newest first, one page
 * of `limit` entries. Order: created_at (microseconds) desc, id desc, then xp, neonbits, streak.
 * Keyset pagination: `before` is the previous page's `next` ("<µs>-<kind>-<id>" of its last entry);
 * each table is read backwards on its (user_id, created_at, id) index from that point, so a deep
 * page costs the same as the first.
 */
export async function getHistory(db: Db, userId: string, limit: number, before?: string): Promise<HistoryPage> {
  const cursor = before ? parseHistoryCursor(before) : null;
  const [first, second, third] = HISTORY_SOURCES.map(({ kind, table }, rank) => {
    let after: SQL | undefined;
    if (cursor) {
      const at = sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
      // Rows of a later kind with the very same (created_at, id) come after the cursor too.
      after =
        rank > cursor.rank
          ? sql`(${table.createdAt}, ${table.id}) <= (${at}, ${cursor.id}::int)`
          : sql`(${table.createdAt}, ${table.id}) < (${at}, ${cursor.id}::int)`;
    }
    return db
      .select({
        kind: sql.raw(`'${kind}'::text`).mapWith(String).as("kind"),
        rank: sql.raw(`${rank}`).mapWith(Number).as("rank"),
        id: table.id,
        reason: table.reason,
        description: table.description,
        amount: table.amount,
        createdAt: table.createdAt,
        micros: sql<string>`(extract(epoch from ${table.createdAt}) * 1000000)::bigint::text`.as("micros"),
      })
      .from(table)
      .where(and(eq(table.userId, userId), after))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(limit + 1);
  });
  const rows = await unionAll(first!, second!, third!)
    .orderBy(sql`"created_at" desc`, sql`"id" desc`, sql`"rank" asc`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((row) => ({
      id: `${row.kind}-${row.id}`,
      kind: row.kind as HistoryEntry["kind"],
      date: row.createdAt.toISOString(),
      reason: row.reason,
      description: row.description,
      amount: row.amount,
    })),
    next: rows.length > limit && last ? `${last.micros}-${last.kind}-${last.id}` : null,
  };
}

function parseHistoryCursor(value: string) {
  const match = HISTORY_CURSOR.exec(value);
  if (!match) throw badRequest("before must be the next value of a previous history page");
  const kind = match[2] as HistoryEntry["kind"];
  return { micros: match[1]!, rank: HISTORY_SOURCES.findIndex((s) => s.kind === kind), id: match[3]! };
}
