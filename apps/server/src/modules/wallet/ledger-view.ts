import { LEDGER_CURSOR, type LedgerPage } from "@neonlab/shared/schemas/shop";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../errors.ts";
import { listEntries } from "../ledger/service.ts";
import { getNeonBitsBalance } from "./service.ts";

/**
 * The user's NeonBits rows, newest first, `limit` a page (keyset on created_at in µs, then id: a deep
 * page costs what the first does), with the balance: the sum of every row (kept as the running total).
 */
export async function getLedgerPage(db: Db, userId: string, limit: number, before?: string): Promise<LedgerPage> {
  const cursor = before ? parseCursor(before) : undefined;
  const rows = await listEntries(db, { userId, kinds: ["neonbits"], limit: limit + 1, before: cursor });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    balance: await getNeonBitsBalance(db, userId),
    entries: page.map((row) => ({
      id: row.id,
      date: row.createdAt.toISOString(),
      reason: row.reason,
      description: row.description,
      amount: row.amount,
    })),
    next: rows.length > limit && last ? `${last.micros}-${last.id}` : null,
  };
}

function parseCursor(value: string) {
  const match = LEDGER_CURSOR.exec(value);
  if (!match) throw badRequest("before must be the next value of a previous ledger page");
  return { micros: match[1]!, id: Number(match[2]) };
}
