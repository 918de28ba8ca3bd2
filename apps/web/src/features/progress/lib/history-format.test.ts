import type { HistoryEntry } from "@neonlab/shared/schemas/progress";
import { describe, expect, it } from "vitest";
import { filterHistory, formatAmount, streakStatusText } from "./history-format.ts";

const entry = (id: string, kind: HistoryEntry["kind"], amount: number): HistoryEntry => ({
  id,
  kind,
  amount,
  date: "2025-01-01T10:00:00Z",
  reason: "r",
  description: "d",
});

describe("history formatting", () => {
  it("signs amounts and names their unit", () => {
    expect(formatAmount({ kind: "xp", amount: 10 })).toBe("+10 XP");
    expect(formatAmount({ kind: "neonbits", amount: -1200 })).toBe("−1,200 NeonBits");
    expect(formatAmount({ kind: "streak", amount: 1 })).toBe("+1 day");
    expect(formatAmount({ kind: "streak", amount: -5 })).toBe("−5 days");
    expect(formatAmount({ kind: "xp", amount: 0 })).toBe("±0 XP");
  });

  it("filters by kind, keeping the order", () => {
    const entries = [entry("xp-1", "xp", 10), entry("neonbits-1", "neonbits", 20), entry("xp-2", "xp", 15)];
    expect(filterHistory(entries, "all")).toBe(entries);
    expect(filterHistory(entries, "xp").map((e) => e.id)).toEqual(["xp-1", "xp-2"]);
    expect(filterHistory(entries, "streak")).toEqual([]);
  });

  it("explains each streak status", () => {
    expect(streakStatusText("done", 3)).toBe("Extended today. Come back tomorrow to make it 4.");
    expect(streakStatusText("alive", 3)).toMatch(/today to keep it going/);
    expect(streakStatusText("none", 0)).toMatch(/Complete a lesson to start one/);
    expect(streakStatusText("broken", 0)).toMatch(/broken/);
  });
});
