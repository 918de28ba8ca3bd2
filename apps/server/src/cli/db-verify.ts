import type { Query } from "./db-catalog.ts";

export type UnbalancedBook = { userId: string; kind: string; balance: number; ledgerSum: number };

/**
 * Every (user, balance kind) whose running total differs from the sum of its ledger rows. The totals are where
 * the ledger keeps them (modules/wallet/ledger/schema.ts): XP's in profiles.xp, the other balance kinds' (NeonBits,
 * streak freezes) as rows of ledger_balances; a kind without a running total (the streak's history) is not a
 * balance.
 */
export async function unbalancedBooks(query: Query): Promise<UnbalancedBook[]> {
  const rows = await query(`
    with totals as (
      select id as user_id, 'xp'::text as kind, xp::bigint as balance from profiles
      union all
      select user_id, kind, balance::bigint from ledger_balances
    ),
    sums as (
      select user_id, kind, sum(amount)::bigint as ledger_sum from ledger
      where kind in ('xp', 'neonbits', 'streak_freeze')
      group by user_id, kind
    )
    select user_id, kind, coalesce(t.balance, 0)::text as balance, coalesce(s.ledger_sum, 0)::text as ledger_sum
    from totals t full join sums s using (user_id, kind)
    where coalesce(t.balance, 0) <> coalesce(s.ledger_sum, 0)
    order by user_id, kind`);
  return rows.map((row) => ({
    userId: String(row.user_id),
    kind: String(row.kind),
    balance: Number(row.balance),
    ledgerSum: Number(row.ledger_sum),
  }));
}

export async function countUsers(query: Query): Promise<number> {
  const [row] = await query("select count(*)::int as n from users");
  return Number(row?.n ?? 0);
}

/** The books that differ between the two lists (as "user kind balance/ledger sum"), for a short message. */
export function booksDifference(before: UnbalancedBook[], after: UnbalancedBook[]): string[] {
  const line = (b: UnbalancedBook) => `${b.userId} ${b.kind} ${b.balance}/${b.ledgerSum}`;
  const was = new Set(before.map(line));
  const is = new Set(after.map(line));
  return [...[...is].filter((l) => !was.has(l)), ...[...was].filter((l) => !is.has(l))];
}
