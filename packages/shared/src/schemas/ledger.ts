import { z } from "zod";
import { isoDateTime } from "./common.ts";

// GET /api/users/ledger: the signed-in user's ledger, every change of XP, NeonBits and the streak, newest
// first, in keyset pages (Profile → History and Settings → NeonBits both read it).

/** The kinds of change the ledger lists (streak freezes bought or used show as their NeonBits and streak rows). */
export const LEDGER_ENTRY_KINDS = ["xp", "neonbits", "streak"] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** A page cursor: "<microseconds since 1970>-<row id>" of the last entry of the previous page. */
export const LEDGER_CURSOR = /^(\d{1,16})-(\d{1,10})$/;
export const LEDGER_CURSOR_MESSAGE = "before must be the next value of a previous ledger page";
export const LEDGER_PAGE_MAX = 100;

export const ledgerQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1, "limit must be at least 1")
    .max(LEDGER_PAGE_MAX, `limit must be at most ${LEDGER_PAGE_MAX}`)
    .default(20),
  /** Keyset pagination: the entries after this cursor (a previous page's `next`, with the same kind). */
  before: z
    .string()
    .regex(LEDGER_CURSOR, LEDGER_CURSOR_MESSAGE)
    .refine((value) => Number(LEDGER_CURSOR.exec(value)?.[2]) <= 2_147_483_647, { message: LEDGER_CURSOR_MESSAGE })
    .optional(),
  /** Only entries of this kind; every kind when absent. */
  kind: z.enum(LEDGER_ENTRY_KINDS, { error: `kind must be one of ${LEDGER_ENTRY_KINDS.join(", ")}` }).optional(),
});
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = z.object({
  /** The ledger row's id (unique across kinds). */
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  date: isoDateTime,
  /** Machine reason, e.g. lesson_completed, chapter_completed, shop_purchase, giveaway_won, streak_saved. */
  reason: z.string(),
  /** Human sentence, e.g. "Completed lesson: Your First Page". */
  description: z.string(),
  /** XP or NeonBits gained (negative when spent); for streak entries the change in days. */
  amount: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageSchema = z.object({
  /** The caller's NeonBits balance: the sum of all their neonbits entries. */
  neonbits: z.number().int(),
  entries: z.array(ledgerEntrySchema),
  /** Cursor for the next (older) page as `before`, or null when this page is the last. */
  next: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;
