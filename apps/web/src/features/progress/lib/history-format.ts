import type { HistoryEntry, HistoryKind, StreakStatus } from "@neonlab/shared/schemas/progress";

const number = new Intl.NumberFormat("en-US");

/** "+10 XP", "−100 NeonBits", "+1 day": the signed change an entry made. */
export function formatAmount({ kind, amount }: Pick<HistoryEntry, "kind" | "amount">): string {
  const sign = amount > 0 ? "+" : amount < 0 ? "−" : "±";
  const size = number.format(Math.abs(amount));
  const unit = kind === "xp" ? "XP" : kind === "neonbits" ? "NeonBits" : Math.abs(amount) === 1 ? "day" : "days";
  return `${sign}${size} ${unit}`;
}

export const HISTORY_FILTERS: { value: HistoryKind | "all"; label: string }[] = [
  { value: "all", label: "All" },
  { value: "xp", label: "XP" },
  { value: "neonbits", label: "NeonBits" },
  { value: "streak", label: "Streak" },
];

export function filterHistory(entries: HistoryEntry[], kind: HistoryKind | "all"): HistoryEntry[] {
  return kind === "all" ? entries : entries.filter((entry) => entry.kind === kind);
}

/** The sentence under the streak counter for each status. */
export function streakStatusText(status: StreakStatus, count: number): string {
  switch (status) {
    case "none":
      return "No streak yet. Complete a lesson to start one.";
    case "done":
      return `Extended today. Come back tomorrow to make it ${count + 1}.`;
    case "alive":
      return "Complete a lesson today to keep it going.";
    case "broken":
      return "Your streak is broken. Complete a lesson to start a new one.";
  }
}
