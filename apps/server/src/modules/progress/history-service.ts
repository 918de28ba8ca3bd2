import type { HistoryEntry } from "@neonlab/shared/schemas/progress";
import { HISTORY_CURSOR, HISTORY_KINDS } from "@neonlab/shared/schemas/progress";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { listEntries } from "../ledger/service.ts";

export type HistoryPage = { entries: HistoryEntry[]; next: string | null };

/**
 * Why XP, streak and NeonBits are what they are: the user's ledger rows of those kinds, newest first
 * (created_at in microseconds, then id), one page of `limit` entries. Keyset pagination: `before` is
 * the previous page's `next` ("<µs>-<kind>-<id>" of its last entry; row ids are unique across kinds).
 */
export async function getHistory(db: Db, userId: string, limit: number, before?: string): Promise<HistoryPage> {
  const rows = await listEntries(db, {
    userId,
    kinds: HISTORY_KINDS,
    limit: limit + 1,
    before: before ? parseHistoryCursor(before) : undefined,
  });
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
  return { micros: match[1]!, id: Number(match[3]) };
}
