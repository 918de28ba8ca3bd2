import type { Rank, RankEntry } from "@neonlab/shared/schemas/progress";

export type RankRow = RankEntry & { isMe: boolean };

/** The table rows (the caller's own row marked) and the caller's row pinned below when outside the list. */
export function rankRows(rank: Rank): { rows: RankRow[]; pinned: RankRow | null } {
  const myId = rank.me?.user_id ?? null;
  const rows = rank.entries.map((entry) => ({ ...entry, isMe: entry.user_id === myId }));
  const listed = rows.some((row) => row.isMe);
  return { rows, pinned: rank.me && !listed ? { ...rank.me, isMe: true } : null };
}
