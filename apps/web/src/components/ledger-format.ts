import type { LedgerEntry, LedgerEntryKind } from "@neonlab/shared/schemas/ledger";
import { formatCount } from "@neonlab/shared/format";

/** "+10 XP", "−100 NeonBits", "+1 day": the signed change an entry made. */
export function formatAmount({ kind, amount }: Pick<LedgerEntry, "kind" | "amount">): string {
  const sign = amount > 0 ? "+" : amount < 0 ? "−" : "±";
  const size = formatCount(Math.abs(amount));
  const unit = kind === "xp" ? "XP" : kind === "neonbits" ? "NeonBits" : Math.abs(amount) === 1 ? "day" : "days";
  return `${sign}${size} ${unit}`;
}

export const LEDGER_FILTERS: { value: LedgerEntryKind | "all"; label: string }[] = [
  { value: "all", label: "All" },
  { value: "xp", label: "XP" },
  { value: "neonbits", label: "NeonBits" },
  { value: "streak", label: "Streak" },
];
