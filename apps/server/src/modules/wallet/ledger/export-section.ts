import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, timestamp } from "../../../export-section.ts";
import { LEDGER_KINDS, ledger, ledgerBalances } from "./schema.ts";

/** Every change of XP, NeonBits, streak freezes and the streak (its history), and the running balances. */
export const ledgerExportSection = exportSection({
  key: "ledger",
  title: "XP, NeonBits and streak history",
  schema: z.object({
    balances: z.array(z.object({ kind: z.enum(LEDGER_KINDS), balance: z.number().int() })),
    entries: z.array(
      z.object({
        kind: z.enum(LEDGER_KINDS),
        amount: z.number().int(),
        reason: z.string(),
        reference: z.string(),
        description: z.string(),
        at: timestamp,
      }),
    ),
  }),
  async collect(db, userId) {
    const balances = await db
      .select({ kind: ledgerBalances.kind, balance: ledgerBalances.balance })
      .from(ledgerBalances)
      .where(eq(ledgerBalances.userId, userId))
      .orderBy(asc(ledgerBalances.kind));
    const rows = await db
      .select()
      .from(ledger)
      .where(eq(ledger.userId, userId))
      .orderBy(asc(ledger.createdAt), asc(ledger.id));
    return {
      balances,
      entries: rows.map((r) => ({
        kind: r.kind,
        amount: r.amount,
        reason: r.reason,
        reference: r.reference,
        description: r.description,
        at: iso(r.createdAt),
      })),
    };
  },
});
